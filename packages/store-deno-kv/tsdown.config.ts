import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/store-deno-kv: ESM with no Node built-in, for Deno, with declarations and source maps. */
export default defineConfig(libraryBuild('server'))
