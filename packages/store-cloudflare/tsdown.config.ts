import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/store-cloudflare: ESM with no Node built-in, for Workers, with declarations and source maps. */
export default defineConfig(libraryBuild('server'))
