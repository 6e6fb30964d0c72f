import { COUNTRIES, type CountryCode } from './countries'
import { createPhoneHelpers } from './create-phone-helpers'
import { loadPhoneRegionIndex, type PhoneRegionIndex } from './load-phone-region-index'
import { coveredPhoneExamples, coveredPhoneMetadata } from './phone-metadata.gen'
import { findPlan, stripIddPrefix, type PhonePlan } from './phone-plan'
import type { PhoneHelpers } from './phone-types'

/*
 * The countries a phone field offers and the helpers that read each: the covered 14 with the
 * bundled metadata, any other region once the region index (`loadPhoneRegionIndex`) and its
 * metadata are loaded. Framework-free, so that `@hakiki/react`'s `usePhoneInput` and the plain
 * (server-callable) modules of `@hakiki/ui` share one copy.
 */

/**
 * An ISO 3166-1 alpha-2 region code: one of the 14 covered countries (autocompleted) or any region
 * whose phone metadata the kit can load (`'DE'`, `'US'`; see {@link getPhoneCountries}).
 */
export type PhoneCountryCode = CountryCode | (string & {})

/** The countries a phone field offers: a list of region codes, or `'all'` (every region the kit reads). */
export type PhoneCountries = readonly PhoneCountryCode[] | 'all'

/** The bundled helpers of the covered countries, as one {@link PhoneHelpers}: no loading for them. */
export const COVERED_PHONE_HELPERS: PhoneHelpers = /* @__PURE__ */ createPhoneHelpers(coveredPhoneMetadata, coveredPhoneExamples)

const COVERED_CODES = new Map<string, string>(COUNTRIES.map((c) => [c.iso2, c.dialCode]))
const COVERED_DIAL_CODES = new Set(COVERED_CODES.values())
const COVERED_COUNTRIES: readonly PhoneCountryCode[] = [...COVERED_CODES.keys()]

/**
 * The region index (every region, its calling code, its metadata loader; `loadPhoneRegionIndex`
 * of `@hakiki/core`), once loaded: a chunk of its own, fetched only by a field that offers a
 * country beyond the covered 14.
 */
let index: PhoneRegionIndex | undefined
let allCountries: readonly PhoneCountryCode[] = COVERED_COUNTRIES

/** Loads the region index (once; a failed load is tried again on the next call). */
export async function loadPhoneCountries(): Promise<void> {
  const loaded = await loadPhoneRegionIndex()
  if (index !== loaded) {
    index = loaded
    allCountries = [...new Set<string>([...COVERED_COUNTRIES, ...loaded.PHONE_REGIONS])]
  }
}

/** True once {@link loadPhoneCountries} has finished: every region is known. */
export function isPhoneCountriesLoaded(): boolean {
  return index !== undefined
}

/** True when `countries` names a country beyond the covered 14, whose reading needs the region index. */
export function needsPhoneCountries(countries: PhoneCountries): boolean {
  return countries === 'all' || countries.some((c) => !COVERED_CODES.has(c))
}

/**
 * Every region a phone field can offer: the 14 covered countries (their metadata is in the bundle)
 * and, once {@link loadPhoneCountries} has run, every region whose metadata `loadPhoneRegions` of
 * `@hakiki/core` loads on demand (245).
 */
export function getPhoneCountries(): readonly PhoneCountryCode[] {
  return allCountries
}

/** The calling code of a region (`DE` → `49`), without loading its metadata; `undefined` for none (or not known yet). */
export function getPhoneCountryCallingCode(iso2: string): string | undefined {
  return COVERED_CODES.get(iso2) ?? index?.getPhoneRegionCallingCode(iso2)
}

/**
 * The countries `countries` names, in the given order (`'all'`: every one of `known`). Codes the
 * kit cannot read are left out once the region index says so; until then they are kept.
 * @param known the countries known so far, {@link getPhoneCountries} (a new list once the index loaded)
 */
export function resolvePhoneCountries(countries: PhoneCountries, known: readonly PhoneCountryCode[] = allCountries): readonly PhoneCountryCode[] {
  if (countries === 'all') return known
  return known.length > COVERED_COUNTRIES.length ? countries.filter((c) => known.includes(c)) : countries
}

/**
 * The calling code an international number starts with (`+4915…` → `49`), when it names a region
 * known so far. Calling codes are prefix-free (ITU-T E.164), so the first of 1 to 3 digits that
 * is a code is the one.
 */
export function callingCodeOf(cleaned: string): string | undefined {
  if (!cleaned.startsWith('+')) return undefined
  for (let n = 1; n <= 3; n++) {
    const code = cleaned.slice(1, 1 + n)
    if (code.length < n) return undefined
    if (COVERED_DIAL_CODES.has(code) || (index?.getPhoneRegionsForCallingCode(code).length ?? 0) > 0) return code
  }
  return undefined
}

/** The regions with calling code `code`, as far as known (the covered one before the index loads). */
export function regionsOfCallingCode(code: string): readonly string[] {
  return index?.getPhoneRegionsForCallingCode(code) ?? COVERED_COUNTRIES.filter((c) => COVERED_CODES.get(c) === code)
}

/**
 * What a helper set reads: a region code (`DE`: national numbers of Germany, with the main region
 * of a shared calling code when it has one), `+` and a calling code (`+1`: international numbers
 * of every region with that code, which telling them apart needs), or {@link INDEX_KEY}: a `+`
 * number whose calling code only the region index can tell.
 */
export type PhoneHelpersKey = string

/** The key of a `+` number that waits for the region index before its calling code is known. */
export const INDEX_KEY: PhoneHelpersKey = '+'

/** Phone helpers over `regions`, their metadata loaded (one chunk each, fetched once). */
async function createRegionHelpers(regionIndex: PhoneRegionIndex, regions: readonly string[]): Promise<PhoneHelpers> {
  const { metadata, examples } = await regionIndex.loadPhoneRegions(regions)
  for (const [iso2, plan] of Object.entries(metadata.countries)) loadedPlans.set(iso2, plan as unknown as PhonePlan)
  return createPhoneHelpers(metadata, examples)
}

const loaded = new Map<PhoneHelpersKey, PhoneHelpers>()
/** The plan of every region loaded so far, for {@link readDialledOut}. */
const loadedPlans = new Map<string, PhonePlan>()

/**
 * A number dialled out of `country` with its international call prefix, as `+` and what follows
 * (`0033612345678` in Poland → `+33612345678`; `000 44…` in Kenya), as libphonenumber-js reads it;
 * `undefined` when `cleaned` does not start with that prefix and a digit after it, or when the
 * country's metadata is not loaded yet (its prefix is not known). The helpers of one country hold
 * no other country's plan, so a field reads such a number with the helpers of its calling code.
 */
export function readDialledOut(cleaned: string, country: string | undefined): string | undefined {
  if (!country || cleaned.startsWith('+')) return undefined
  const plan = findPlan(coveredPhoneMetadata, country)?.plan ?? loadedPlans.get(country)
  const rest = plan && stripIddPrefix(cleaned, plan)
  return rest ? `+${rest}` : undefined
}
/**
 * An E.164 number formatted for display (`+1 415 555 2671`) with the metadata at hand: the covered
 * countries' or that of any region loaded so far (a phone field loads its number's country as it
 * is typed); the number as given when none reads it. Core's `formatPhoneNumber` knows the covered
 * countries only.
 */
export function formatKnownPhoneNumber(e164: string): string {
  for (const helpers of [COVERED_PHONE_HELPERS, ...loaded.values()]) {
    if (helpers.parsePhoneNumber(e164).isValid) return helpers.formatPhoneNumber(e164)
  }
  return e164
}

const pending = new Map<PhoneHelpersKey, Promise<PhoneHelpers>>()

/** True when the bundled helpers read `key`: a covered country or its calling code. */
function isCovered(key: PhoneHelpersKey): boolean {
  return key.startsWith('+') ? COVERED_DIAL_CODES.has(key.slice(1)) : COVERED_CODES.has(key)
}

/**
 * The helpers for `key`, when they are at hand: the bundled ones for a covered country or its
 * calling code, the loaded ones for another; `undefined` while they are not loaded.
 */
export function peekPhoneHelpers(key: PhoneHelpersKey): PhoneHelpers | undefined {
  if (key === INDEX_KEY) return index ? COVERED_PHONE_HELPERS : undefined
  return isCovered(key) ? COVERED_PHONE_HELPERS : loaded.get(key)
}

/**
 * Loads the metadata `key` needs (the region index first, then one chunk per region, each fetched
 * once) and gives helpers over it. A failed load is forgotten, so that the next call tries again.
 */
export function loadPhoneHelpers(key: PhoneHelpersKey): Promise<PhoneHelpers> {
  const ready = peekPhoneHelpers(key)
  if (ready) return Promise.resolve(ready)
  let promise = pending.get(key)
  if (!promise) {
    promise = loadPhoneCountries()
      .then(() => {
        if (key === INDEX_KEY || !index) return COVERED_PHONE_HELPERS
        return createRegionHelpers(index, key.startsWith('+') ? index.getPhoneRegionsForCallingCode(key.slice(1)) : [key])
      })
      .then(
        (helpers) => {
          if (key !== INDEX_KEY) loaded.set(key, helpers)
          pending.delete(key)
          return helpers
        },
        (error: unknown) => {
          pending.delete(key)
          throw error
        },
      )
    pending.set(key, promise)
  }
  return promise
}
