import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig } from 'tsdown'

// TypeScript 7 is a native binary without a library API, so the declarations come from its `tsc`,
// run by rolldown-plugin-dts's `tsgo` mode (see shared/toolchain.md).
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')

/** The published build of @hakiki/ui: ESM for browsers and every bundler, with declarations and source maps. */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: 'esm',
  // Web APIs only: no Node built-in may reach a browser (checked by @hakiki/dist-check).
  platform: 'neutral',
  target: 'es2022',
  // `.js` and `.d.ts`, the names `exports` uses (the package is `"type": "module"`).
  fixedExtension: false,
  sourcemap: true,
  // Apps minify their own bundles; a readable library keeps stack traces and size analyses useful.
  minify: false,
  // `src` without tests and stories; see the comment there.
  tsconfig: 'tsconfig.build.json',
  dts: { tsgo: { path: tsc } },
  // Dependencies and peers stay imports (tsdown's default). Anything else from node_modules would
  // be inlined without a word: make that a build error instead.
  deps: { onlyBundle: [] },
  // Server Components need 'use client' first in the entry. The components carry it in their own
  // modules, but a bundler drops module-level directives of everything but the entry, and this
  // entry has none: add it to the entry chunk only (the lazy message chunks are plain data).
  // Through rolldown's own option, because tsdown 0.21's function form of `banner` is evaluated
  // once, for the first chunk, and its answer reused for every other chunk.
  outputOptions: {
    postBanner: (chunk) => (chunk.isEntry && chunk.fileName.endsWith('.js') ? "'use client';" : ''),
  },
})
