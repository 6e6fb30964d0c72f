import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/sandbox: ESM for Node (>= 20.19, the workspace's engines), with declarations and source maps. */
/**
 * The library (`index`, runtime-neutral, and `node`, the `node:http` server) and the CLI: two
 * builds, not three entries of one, so the CLI does not split the library into facades. The CLI (`bin: hakiki-sandbox`) is bundled on its own, after the library,
 * without declarations and without cleaning `dist/`.
 */
export default defineConfig([libraryBuild('server', { entry: { index: 'src/index.ts', node: 'src/node.ts', wire: 'src/wire.ts' } }), libraryBuild('server', { entry: { cli: 'src/cli.ts' }, dts: false, clean: false })])
