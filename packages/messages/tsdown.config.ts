import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/messages: ESM with Web APIs only (the templates are bundled JSON), with declarations and source maps. */
export default defineConfig(libraryBuild('server'))
