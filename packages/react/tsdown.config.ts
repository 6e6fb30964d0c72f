import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig } from 'tsdown'

// TypeScript 7 is a native binary without a library API, so the declarations come from its `tsc`,
// run by rolldown-plugin-dts's `tsgo` mode (see shared/toolchain.md).
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')

/** The published build of @hakiki/react: ESM for browsers and every bundler, with declarations and source maps. */
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
  // No banner: rolldown keeps the entry module's own 'use client' at the top of the entry chunk
  // (src/index.ts starts with it); @hakiki/dist-check fails the build if that ever changes.
})
