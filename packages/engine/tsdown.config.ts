import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/engine: the runtime-neutral entry (Web APIs only) and the Node-only transports, with declarations and source maps. */
export default defineConfig(libraryBuild('server', { entry: { index: 'src/index.ts', smtp: 'src/smtp/index.ts', smpp: 'src/smpp/index.ts', contract: 'src/contract/index.ts' } }))
