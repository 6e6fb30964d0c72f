import { COUNTRIES, type PhoneCountryCode } from '@hakiki/core'
import { guessCountry } from '@hakiki/ui'

/** The country of Getting started's example number (`024 123 4567`, Ghana). */
export const GUIDE_COUNTRY: PhoneCountryCode = 'GH'

/**
 * The phone field's first country: the browser's region when the demo offers it ("fr-CI" → CI),
 * else the guide's country, so the number the guide tells a newcomer to type is read as written
 * from an en-US or de-DE browser too (the Verify API covers neither country).
 */
export function demoDefaultCountry(languages: readonly string[], countries: 'all' | undefined): PhoneCountryCode {
  return guessCountry(languages, countries ?? COUNTRIES.map((c) => c.iso2)) ?? GUIDE_COUNTRY
}
