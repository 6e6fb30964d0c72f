import { getCountry, regionNames, resolvePhoneCountries, type PhoneCountries, type PhoneCountryCode } from '@hakiki/core'

/** The name of a country in `tag`'s language (its ISO code when the browser has none). */
export function countryName(tag: string, iso2: PhoneCountryCode): string {
  return regionNames(tag)?.of(iso2) ?? getCountry(iso2)?.name ?? iso2
}

/**
 * A likely country for the user, from BCP-47 tags: the first tag's region that is among
 * `countries` ("en-GH", "fr-CI"), else the region its language is most spoken in, when that is
 * among them ("sw" → TZ, "yo" → NG, "ak" → GH, "zu" → ZA). `undefined` when none fits: a tag such
 * as plain "en" or "fr" says nothing about where the user lives.
 */
export function guessCountry(tags: readonly (string | undefined)[], countries: PhoneCountries): PhoneCountryCode | undefined {
  const locales = tags.flatMap((tag) => {
    try {
      return tag ? [new Intl.Locale(tag)] : []
    } catch {
      return []
    }
  })
  const offered = resolvePhoneCountries(countries)
  // `'all'` takes any region (Intl's regions are ISO 3166-1 codes, or UN M.49 numbers such as 419,
  // which no phone plan has), even before the region index has loaded.
  const pick = (region: string | undefined): PhoneCountryCode | undefined =>
    region && (offered.includes(region) || (countries === 'all' && /^[A-Z]{2}$/.test(region))) ? region : undefined
  for (const locale of locales) {
    const hit = pick(locale.region)
    if (hit) return hit
  }
  for (const locale of locales) {
    if (locale.region) continue
    const hit = pick(locale.maximize().region)
    if (hit) return hit
  }
  return undefined
}
