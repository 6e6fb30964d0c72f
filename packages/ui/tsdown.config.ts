import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/ui: ESM for browsers and every bundler, with declarations and source maps. */
export default defineConfig(
  libraryBuild('browser', {
    // Server Components need 'use client' first in the entry. The components carry it in their own
    // modules, but a bundler drops module-level directives of everything but the entry, and this
    // entry has none: add it to the entry chunk only (the lazy message chunks are plain data).
    // Through rolldown's own option, because tsdown 0.21's function form of `banner` is evaluated
    // once, for the first chunk, and its answer reused for every other chunk.
    outputOptions: {
      postBanner: (chunk) => (chunk.isEntry && chunk.fileName.endsWith('.js') ? "'use client';" : ''),
    },
  }),
)
