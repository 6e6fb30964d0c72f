import type * as CountrySearchModule from './country-search'
import { COUNTRIES, getCountry } from './countries'
import { getCountryAliases } from './load-country-aliases'
import { getPhoneCountries, getPhoneCountryCallingCode } from './offered-phone-countries'
import { regionNames } from './region-names'

export type { CountryEntry } from './country-search'

/** `countryEntries` and `searchCountries`, as {@link loadCountrySearch} gives them. */
export type CountrySearch = Pick<typeof CountrySearchModule, 'countryEntries' | 'searchCountries'>

let loading: Promise<CountrySearch> | undefined

/**
 * Loads a country list's names and search with `import()`, once (a failed load is tried again on
 * the next call): `countryEntries(tag, countries)` names and sorts the countries in a language,
 * `searchCountries(entries, query)` ranks them for what was typed (names, own names, readings,
 * common names, ISO and dialing codes; the readings and common names are `loadCountryAliases`'s). A
 * chunk of its own (about 1 kB gzip), so that a phone field's first paint does not carry it:
 * `@hakiki/ui`'s `CountrySelect` loads it with its list.
 */
export function loadCountrySearch(): Promise<CountrySearch> {
  // The chunk gets what it shares with the rest of the package from here (country-search.ts says why).
  loading ??= import('./country-search').then(
    (module) => {
      module.provideCountrySearchDeps({ countries: COUNTRIES, getCountry, getCountryAliases, getPhoneCountries, getPhoneCountryCallingCode, regionNames })
      return module
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
