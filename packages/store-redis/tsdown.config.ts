import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/store-redis: ESM with no Node built-in (the clients are the app's), with declarations and source maps. */
export default defineConfig(libraryBuild('server'))
