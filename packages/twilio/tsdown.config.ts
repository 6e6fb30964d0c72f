import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/twilio: ESM (Fetch API only, so it runs in Node >= 20.19, workers, Deno and Bun), with declarations and source maps. */
export default defineConfig(libraryBuild('server'))
