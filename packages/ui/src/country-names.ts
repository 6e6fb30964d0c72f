import { COUNTRIES, getCountry, type CountryCode } from '@hakiki/core'

/** A covered country as a picker shows it. */
export interface CountryEntry {
  /** ISO 3166-1 alpha-2 code. */
  iso2: CountryCode
  /** Name in the UI's language, from `Intl.DisplayNames`. */
  name: string
  /** English name, also matched when searching. */
  englishName: string
  /** Dialing code without `+`. */
  dialCode: string
}

const cache = new Map<string, CountryEntry[]>()

/**
 * The covered countries named in `tag`'s language and sorted by its collation. Names come from
 * `Intl.DisplayNames`, so no table of 14 × 36 names ships in the bundle; a browser without it
 * shows the English names.
 */
export function countryEntries(tag: string): CountryEntry[] {
  let entries = cache.get(tag)
  if (entries) return entries
  let names: Intl.DisplayNames | undefined
  try {
    names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' })
  } catch {
    names = undefined
  }
  const collator = new Intl.Collator(tag)
  // `sort` in place (the array is fresh from `map`): `toSorted` is ES2023, the published code ES2022.
  entries = COUNTRIES.map((c) => ({ iso2: c.iso2, name: names?.of(c.iso2) ?? c.name, englishName: c.name, dialCode: c.dialCode })).sort(
    (a, b) => collator.compare(a.name, b.name),
  )
  cache.set(tag, entries)
  return entries
}

/** The name of one covered country in `tag`'s language. */
export function countryName(tag: string, iso2: CountryCode): string {
  return countryEntries(tag).find((c) => c.iso2 === iso2)?.name ?? getCountry(iso2)?.name ?? iso2
}

/** Lower case without accents, so that "cote" finds "Côte d’Ivoire". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
}

/** True when `query` matches the country's name (local or English), ISO code or dialing code. */
export function matchesCountry(entry: CountryEntry, query: string): boolean {
  const q = fold(query.trim())
  if (!q) return true
  const digits = q.replace(/^\+/, '')
  if (/^\d+$/.test(digits)) return entry.dialCode.startsWith(digits)
  return fold(entry.name).includes(q) || fold(entry.englishName).includes(q) || entry.iso2.toLowerCase() === q
}
