import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/verify-client: ESM for Node (>= 20.19, the workspace's engines), with declarations and source maps. */
export default defineConfig(libraryBuild('server'))
