import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/provider: ESM with Web APIs only (Node >= 20.19, workers, Deno, Bun), with declarations and source maps. */
export default defineConfig(libraryBuild('server', { entry: { index: 'src/index.ts', contract: 'src/contract/index.ts' } }))
