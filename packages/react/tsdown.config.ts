import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/react: ESM for browsers and every bundler, with declarations and source maps. */
// No banner: rolldown keeps the entry module's own 'use client' at the top of the entry chunk
// (src/index.ts starts with it); @hakiki/dist-check fails the build if that ever changes.
export default defineConfig(libraryBuild('browser', { unbundle: true }))
