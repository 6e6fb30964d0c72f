import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/core: ESM for browsers and every bundler, with declarations and source maps; `rules-entry` is `@hakiki/core/rules`, the servers' light entry; `phone/country-search` is `@hakiki/core/country-search`, for a country list's own chunk. */
export default defineConfig(libraryBuild('browser', { unbundle: true, entry: { index: 'src/index.ts', 'rules-entry': 'src/rules-entry.ts', 'phone/country-search': 'src/phone/country-search.ts' } }))
