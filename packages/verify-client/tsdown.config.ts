import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/**
 * The published build of @hakiki/verify-client: ESM with declarations and source maps. Two
 * entries: `index` (runtime-neutral, no Node built-in) and `node` (adds `nodeFetch` and makes it
 * the default transport; also what `.` resolves to under the `node` export condition).
 */
export default defineConfig(libraryBuild('server', { entry: { index: 'src/index.ts', node: 'src/node.ts' } }))
