/**
 * The countries the Verify API states carrier coverage for. SMS and voice verifications go only
 * to numbers of these countries; the rest of the kit (sandbox, proxy, phone input) reads this list.
 */

/** ISO 3166-1 alpha-2 code of a covered country. */
export type CountryCode = 'BJ' | 'BF' | 'CM' | 'CI' | 'GH' | 'KE' | 'NG' | 'RW' | 'SN' | 'ZA' | 'TZ' | 'TG' | 'UG' | 'ZW'

/** One covered country. */
export interface CountryInfo {
  /** ISO 3166-1 alpha-2 code. */
  readonly iso2: CountryCode
  /** English name, as the Verify API's rate endpoint names it. */
  readonly name: string
  /** International dialing code without `+` (`"234"`). */
  readonly dialCode: string
}

/** The 14 covered countries, in the spec's order. */
export const COUNTRIES: readonly CountryInfo[] = [
  { iso2: 'BJ', name: 'Benin', dialCode: '229' },
  { iso2: 'BF', name: 'Burkina Faso', dialCode: '226' },
  { iso2: 'CM', name: 'Cameroon', dialCode: '237' },
  { iso2: 'CI', name: "Cote d'Ivoire", dialCode: '225' },
  { iso2: 'GH', name: 'Ghana', dialCode: '233' },
  { iso2: 'KE', name: 'Kenya', dialCode: '254' },
  { iso2: 'NG', name: 'Nigeria', dialCode: '234' },
  { iso2: 'RW', name: 'Rwanda', dialCode: '250' },
  { iso2: 'SN', name: 'Senegal', dialCode: '221' },
  { iso2: 'ZA', name: 'South Africa', dialCode: '27' },
  { iso2: 'TZ', name: 'Tanzania', dialCode: '255' },
  { iso2: 'TG', name: 'Togo', dialCode: '228' },
  { iso2: 'UG', name: 'Uganda', dialCode: '256' },
  { iso2: 'ZW', name: 'Zimbabwe', dialCode: '263' },
]

const byIso = new Map(COUNTRIES.map((c) => [c.iso2, c]))

/** True when `iso2` is one of the covered countries. */
export function isCoveredCountry(iso2: unknown): iso2 is CountryCode {
  return typeof iso2 === 'string' && byIso.has(iso2 as CountryCode)
}

/** The covered country with this ISO code, or `undefined`. */
export function getCountry(iso2: string): CountryInfo | undefined {
  return byIso.get(iso2 as CountryCode)
}
