import type { CountryInfo } from './countries'
import type { PhoneCountries, PhoneCountryCode } from './offered-phone-countries'

/*
 * A country list's names and search, framework-free: `@hakiki/core/country-search`, imported by a
 * module that is itself loaded with `import()` (`@hakiki/ui`'s country list, whose chunk brings
 * it), never by a module of this package, so that no bundler puts it up front (esbuild puts a
 * module the package barrel imports in an up-front chunk of any bundle where the barrel is live,
 * even when unused there). Nor does the barrel load it with an `import()` of its own: esbuild
 * would then make it a chunk shared by both, which the list's chunk fetches only once it has
 * arrived (a second round trip as the list first opens).
 */

/** A country as a picker shows it. */
export interface CountryEntry {
  /** ISO 3166-1 alpha-2 code. */
  iso2: PhoneCountryCode
  /** Name in the UI's language, from `Intl.DisplayNames`. */
  name: string
  /** English name, also matched when searching. */
  englishName: string
  /** Dialing code without `+`. */
  dialCode: string
}

/**
 * What the search reads of modules the rest of the package shares, handed over by
 * `withCountrySearchDeps` before this module is used. A module loaded with `import()` imports
 * nothing with state of its own: in a bundle without code splitting (esbuild for a Worker, as
 * wrangler builds) every module a dynamic import reaches statically is wrapped in a lazy
 * initialiser, and esbuild never calls the initialiser of a module the barrel re-exports with
 * `export *` in a side-effect-free package (evanw/esbuild#1490): `COUNTRIES` was `undefined` in
 * the proxy's Worker (runtime-tests' workerd test).
 */
export interface CountrySearchDeps {
  countries: readonly CountryInfo[]
  getCountry: (iso2: string) => CountryInfo | undefined
  getCountryAliases: (iso2: string) => readonly string[]
  getPhoneCountries: () => readonly PhoneCountryCode[]
  getPhoneCountryCallingCode: (iso2: string) => string | undefined
  regionNames: (tag: string) => Intl.DisplayNames | undefined
}

let deps: CountrySearchDeps

/** Hands over {@link CountrySearchDeps}; `withCountrySearchDeps` calls it, before anything else here runs. */
export function provideCountrySearchDeps(given: CountrySearchDeps): void {
  deps = given
}

const cache = /* @__PURE__ */ new Map<string, CountryEntry[]>()

/**
 * The countries `countries` names (default: the 14 covered; `'all'`: every region the phone field
 * can read, 245, once `usePhoneCountries` or `loadPhoneCountries` of `@hakiki/react` loaded the
 * region index) named in `tag`'s language and sorted by its collation. Names come from
 * `Intl.DisplayNames`, so no table of 245 × 36 names ships in the bundle; a browser without it
 * shows the English names of the covered countries and the ISO codes of the others.
 */
export function countryEntries(tag: string, countries: PhoneCountries = deps.countries.map((c) => c.iso2)): CountryEntry[] {
  const { getCountry, getPhoneCountryCallingCode, regionNames } = deps
  const known = deps.getPhoneCountries()
  const key = `${tag}:${known.length}`
  let all = cache.get(key)
  if (!all) {
    const names = regionNames(tag)
    const english = regionNames('en')
    // In English the UI's names are the English ones: each asked for once (the list's first open pays for these lookups).
    const sameNames = names?.resolvedOptions().locale === english?.resolvedOptions().locale
    const collator = new Intl.Collator(tag)
    // `sort` in place (the array is fresh from `map`): `toSorted` is ES2023, the published code ES2022.
    all = known.map((iso2) => {
      const name = names?.of(iso2)
      const englishName = getCountry(iso2)?.name ?? (sameNames ? name : english?.of(iso2)) ?? iso2
      return { iso2, name: name ?? englishName, englishName, dialCode: getPhoneCountryCallingCode(iso2) ?? '' }
    }).sort((a, b) => collator.compare(a.name, b.name))
    cache.set(key, all)
  }
  if (countries === 'all') return all
  const wanted = new Set(countries)
  return all.filter((c) => wanted.has(c.iso2))
}

/**
 * Other names people type for a country, matched in every locale beside its name in the UI's
 * language, in English and in its own main language ("Deutschland"): other exonyms ("Ivory
 * Coast", "Côte d'Ivoire") and the abbreviations in everyday use ("SA", "RSA", "UK", "USA").
 * Abbreviations (three letters or fewer) match whole; longer aliases by prefix or word like names.
 */
const ALIASES: Readonly<Partial<Record<PhoneCountryCode, readonly string[]>>> = {
  CI: ['Ivory Coast', 'Côte d’Ivoire', 'Cote d Ivoire', 'Elfenbeinküste'],
  ZA: ['SA', 'RSA', 'South Africa', 'Afrique du Sud', 'Suid-Afrika'],
  CM: ['Cameroun', 'Kamerun'],
  BF: ['Burkina'],
  TZ: ['Tanzanie', 'Tanzania'],
  SN: ['Sénégal'],
  BJ: ['Bénin'],
  US: ['USA', 'US', 'America', 'United States of America'],
  GB: ['UK', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  AE: ['UAE', 'Emirates'],
  NL: ['Holland'],
  CZ: ['Czech Republic'],
  KR: ['South Korea'],
  KP: ['North Korea'],
  CD: ['DRC', 'DR Congo', 'Congo-Kinshasa'],
  CG: ['Congo-Brazzaville'],
}

const nativeNames = /* @__PURE__ */ new Map<string, string>()

/**
 * The country's name in its own most spoken language ("Deutschland", "Sverige"), from
 * `Intl.Locale#maximize` and `Intl.DisplayNames`: what a user abroad may well type.
 */
function nativeName(iso2: string): string {
  let name = nativeNames.get(iso2)
  if (name === undefined) {
    try {
      name = deps.regionNames(new Intl.Locale(`und-${iso2}`).maximize().language)?.of(iso2) ?? ''
    } catch {
      name = ''
    }
    nativeNames.set(iso2, name)
  }
  return name
}

/** Lower case without accents, apostrophes or hyphens, so that "cote d'ivoire" finds "Côte d’Ivoire". */
function fold(text: string): string {
  return text
    // Katakana as hiragana: "がーな" finds ガーナ.
    .replace(/[\u30a1-\u30f6]/g, (k) => String.fromCharCode(k.charCodeAt(0) - 0x60))
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`´‘.]/g, '')
    .replace(/[-‐–\s]+/g, ' ')
    .trim()
}

/** "UK", "USA", "США": capitals only, at most four letters; matched whole, not by prefix. */
function isAbbreviation(alias: string): boolean {
  return alias.length <= 4 && /^\p{Lu}+$/u.test(alias)
}

/** The words of a folded name after its first. */
function laterWords(name: string): string[] {
  return name.split(' ').slice(1)
}

/**
 * How well `query` (folded) fits `entry`, lower is better; `undefined` when it does not match.
 * 0: an abbreviation ("UK"); 1: the start of the name in the UI's language; 2: the ISO code, the
 * start of the English or native name or of an alias; 3: the start of a later word ("Africa" in
 * "South Africa"); 4: anywhere inside. So "Ni" lists Nigeria before Benin, and "ch" lists Chile
 * and China before Switzerland (CH), since with every country two letters are more often the
 * start of a name than a code.
 */
function rank(entry: CountryEntry, q: string): number | undefined {
  // With core's readings and common names in ja, ru, en, ar and zh once loaded (`loadCountryAliases`).
  const aliases = [...(ALIASES[entry.iso2] ?? []), ...deps.getCountryAliases(entry.iso2)]
  if (aliases.some((a) => isAbbreviation(a) && fold(a) === q)) return 0
  const local = fold(entry.name)
  const others = [entry.englishName, nativeName(entry.iso2), ...aliases.filter((a) => !isAbbreviation(a))].filter(Boolean).map(fold)
  if (local.startsWith(q)) return 1
  if (entry.iso2.toLowerCase() === q || others.some((n) => n.startsWith(q))) return 2
  if ([local, ...others].some((n) => laterWords(n).some((w) => w.startsWith(q)))) return 3
  if ([local, ...others].some((n) => n.includes(q))) return 4
  return undefined
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

