import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/store: ESM with no Node built-in (Node >= 20.19, workers, Deno, Bun); `./contract` is for test runs (Vitest). */
export default defineConfig(libraryBuild('server', { entry: { index: 'src/index.ts', contract: 'src/contract.ts' } }))
