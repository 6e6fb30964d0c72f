import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/engine: the runtime-neutral entries (Web APIs only: the engine, its in-browser memory adapter) and the Node-only transports, with declarations and source maps. */
export default defineConfig(libraryBuild('server', { entry: { index: 'src/index.ts', 'memory-adapter': 'src/memory-adapter/index.ts', smtp: 'src/smtp/index.ts', smpp: 'src/smpp/index.ts', contract: 'src/contract/index.ts' } }))
