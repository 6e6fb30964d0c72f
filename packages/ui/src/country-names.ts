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

/**
 * Other names people type for a covered country, matched in every locale beside its name in the
 * UI's language and in English: the English and French exonyms ("Ivory Coast", "Côte d'Ivoire")
 * and the abbreviations in everyday use ("SA", "RSA"). Abbreviations (three letters or fewer)
 * match whole; longer aliases by prefix or word like names.
 */
const ALIASES: Readonly<Partial<Record<CountryCode, readonly string[]>>> = {
  CI: ['Ivory Coast', 'Côte d’Ivoire', 'Cote d Ivoire', 'Elfenbeinküste'],
  ZA: ['SA', 'RSA', 'South Africa', 'Afrique du Sud', 'Suid-Afrika'],
  CM: ['Cameroun', 'Kamerun'],
  BF: ['Burkina'],
  TZ: ['Tanzanie', 'Tanzania'],
  SN: ['Sénégal'],
  BJ: ['Bénin'],
}

/** Lower case without accents, apostrophes or hyphens, so that "cote d'ivoire" finds "Côte d’Ivoire". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`´‘.]/g, '')
    .replace(/[-‐–\s]+/g, ' ')
    .trim()
}

/** The words of a folded name after its first. */
function laterWords(name: string): string[] {
  return name.split(' ').slice(1)
}

/**
 * How well `query` (folded) fits `entry`, lower is better; `undefined` when it does not match.
 * 0: the ISO code or an abbreviation; 1: the start of the name in the UI's language; 2: the start
 * of the English name or an alias; 3: the start of a later word ("Africa" in "South Africa");
 * 4: anywhere inside. So "Ni" lists Nigeria before Benin.
 */
function rank(entry: CountryEntry, q: string): number | undefined {
  const aliases = ALIASES[entry.iso2] ?? []
  if (entry.iso2.toLowerCase() === q || aliases.some((a) => a.length <= 3 && fold(a) === q)) return 0
  const local = fold(entry.name)
  const others = [entry.englishName, ...aliases.filter((a) => a.length > 3)].map(fold)
  if (local.startsWith(q)) return 1
  if (others.some((n) => n.startsWith(q))) return 2
  if ([local, ...others].some((n) => laterWords(n).some((w) => w.startsWith(q)))) return 3
  if ([local, ...others].some((n) => n.includes(q))) return 4
  return undefined
}

/** True when `query` matches the country's name (local or English), an alias, ISO code or dialing code. */
export function matchesCountry(entry: CountryEntry, query: string): boolean {
  return searchCountries([entry], query).length === 1
}

/**
 * The entries that match `query`, best first: a name that starts with it before one that only
 * contains it ("Ni": Nigeria, then Benin), each group in the given (collation) order. Digits, with
 * or without `+`, match the start of the dialing code. An empty query keeps every entry.
 */
export function searchCountries(entries: readonly CountryEntry[], query: string): CountryEntry[] {
  const q = fold(query)
  if (!q) return [...entries]
  const digits = q.replace(/^\+\s*/, '').replace(/\s/g, '')
  if (/^\d+$/.test(digits)) return entries.filter((e) => e.dialCode.startsWith(digits))
  const ranked: [CountryEntry, number][] = []
  for (const entry of entries) {
    const r = rank(entry, q)
    if (r !== undefined) ranked.push([entry, r])
  }
  // `sort` is stable (ES2019): entries of one rank keep their alphabetical order. In place, as
  // `ranked` is ours; `toSorted` is ES2023 and the published code stays within ES2022.
  return ranked.sort((a, b) => a[1] - b[1]).map(([entry]) => entry)
}

/**
 * A likely country for the user, from BCP-47 tags: the first tag's region that is among
 * `countries` ("en-GH", "fr-CI"), else the region its language is most spoken in, when that is
 * among them ("sw" → TZ, "yo" → NG, "ak" → GH, "zu" → ZA). `undefined` when none fits: a tag such
 * as plain "en" or "fr" says nothing about where the user lives.
 */
export function guessCountry(tags: readonly (string | undefined)[], countries: readonly CountryCode[]): CountryCode | undefined {
  const locales = tags.flatMap((tag) => {
    try {
      return tag ? [new Intl.Locale(tag)] : []
    } catch {
      return []
    }
  })
  const pick = (region: string | undefined): CountryCode | undefined =>
    region && countries.includes(region as CountryCode) ? (region as CountryCode) : undefined
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
