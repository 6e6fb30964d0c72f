import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig } from 'tsdown'
import type { UserConfig } from 'tsdown'

// TypeScript 7 is a native binary without a library API, so the declarations come from its `tsc`,
// run by rolldown-plugin-dts's `tsgo` mode (see shared/toolchain.md).
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')

/** The published build of @hakiki/sandbox: ESM for Node (>= 20.19, the workspace's engines), with declarations and source maps. */
const library: UserConfig = {
  entry: { index: 'src/index.ts' },
  format: 'esm',
  // Server only: Node built-ins stay `node:` imports.
  platform: 'node',
  target: 'node20.19',
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
}

/**
 * Two builds, not two entries of one: with a shared chunk, `dist/index.js` would shrink to a
 * re-export facade. The CLI (`bin: hakiki-sandbox`) is bundled on its own, after the library,
 * without declarations and without cleaning `dist/`.
 */
export default defineConfig([library, { ...library, entry: { cli: 'src/cli.ts' }, dts: false, clean: false }])
