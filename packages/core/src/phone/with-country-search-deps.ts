import type * as CountrySearchModule from './country-search'
import { COUNTRIES, getCountry } from './countries'
import { getCountryAliases } from './load-country-aliases'
import { getPhoneCountries, getPhoneCountryCallingCode } from './offered-phone-countries'
import { regionNames } from './region-names'

export type { CountryEntry } from './country-search'

/** `countryEntries` and `searchCountries` of `@hakiki/core/country-search`, once given {@link withCountrySearchDeps}. */
export type CountrySearch = Pick<typeof CountrySearchModule, 'countryEntries' | 'searchCountries'>

/**
 * Hands `@hakiki/core/country-search` (a country list's names and search: `countryEntries(tag,
 * countries)` names and sorts the countries in a language, `searchCountries(entries, query)` ranks
 * them for what was typed, by names, own names, readings, common names, ISO and dialing codes) what
 * it reads of the rest of the package, and gives the module back ready to use. Import that module
 * from a chunk of your own, loaded with `import()` when a list first opens, so that no phone field
 * carries it up front, and call this on it before its first `countryEntries`:
 * `withCountrySearchDeps(await import('@hakiki/core/country-search'))`. `@hakiki/ui`'s country list
 * carries it in the list's own chunk (one request as the list first opens).
 */
export function withCountrySearchDeps<M extends Pick<typeof CountrySearchModule, 'provideCountrySearchDeps'>>(module: M): M {
  module.provideCountrySearchDeps({ countries: COUNTRIES, getCountry, getCountryAliases, getPhoneCountries, getPhoneCountryCallingCode, regionNames })
  return module
}
