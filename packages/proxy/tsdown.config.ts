import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/proxy: ESM for Node (>= 20.19, the workspace's engines), with declarations and source maps. */
export default defineConfig(libraryBuild('server', { entry: { index: 'src/index.ts', node: 'src/node.ts', express: 'src/express.ts' } }))
