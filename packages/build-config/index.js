// Plain JavaScript on purpose: tsdown loads each package's config with Node, which reads this
// package through its `exports` and would not transpile TypeScript from a workspace package.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { dropOrphanChunks } from './drop-orphan-chunks.js'
import { starReExports } from './star-re-exports.js'

// TypeScript 7 is a native binary without a library API, so the declarations come from its `tsc`,
// run by rolldown-plugin-dts's `tsgo` mode (see shared/toolchain.md).
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')

/**
 * The build of a published Hakiki package: ESM with `.js`/`.d.ts` names matching `exports`,
 * declarations and source maps, unminified. `browser` packages (core, react, ui) use Web APIs
 * only; `server` packages (sandbox, verify-client, proxy) keep `node:` imports.
 *
 * @param {'browser' | 'server'} kind
 * @param {import('tsdown').UserConfig} [overrides] merged over the shared settings (e.g. `entry`)
 * @returns {import('tsdown').UserConfig}
 */
export function libraryBuild(kind, overrides = {}) {
  return {
    entry: { index: 'src/index.ts' },
    format: 'esm',
    // Browser: no Node built-in may reach a bundle (checked by @hakiki/dist-check).
    platform: kind === 'browser' ? 'neutral' : 'node',
    target: kind === 'browser' ? 'es2022' : 'node20.19',
    // `.js` and `.d.ts`, the names `exports` uses (the packages are `"type": "module"`).
    fixedExtension: false,
    sourcemap: true,
    // Apps minify their own bundles; a readable library keeps stack traces and size analyses useful.
    minify: false,
    // `src` without tests and stories.
    tsconfig: 'tsconfig.build.json',
    dts: { tsgo: { path: tsc } },
    // Dependencies and peers stay imports (tsdown's default). Anything else from node_modules would
    // be inlined without a word: make that a build error instead.
    deps: { onlyBundle: [] },
    ...overrides,
    // Entry facades as `export * from` (star-re-exports.js), no unused runtime chunk
    // (drop-orphan-chunks.js), then the package's own plugins.
    plugins: [starReExports(), dropOrphanChunks(), ...(overrides.plugins ?? [])],
  }
}
