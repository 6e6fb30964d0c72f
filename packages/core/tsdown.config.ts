import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/core: ESM for browsers and every bundler, with declarations and source maps. */
export default defineConfig(libraryBuild('browser', { unbundle: true }))
