import {
  COUNTRIES,
  formatPhoneAsYouType,
  formatPhoneNumber,
  getExampleNumber,
  getPhoneRegionCallingCode,
  getPhoneRegionsForCallingCode,
  parsePhoneNumber,
  PHONE_REGIONS,
  type CountryCode,
  type PhoneHelpers,
} from '@hakiki/core'

/**
 * An ISO 3166-1 alpha-2 region code: one of the 14 covered countries (autocompleted) or any region
 * whose phone metadata the kit can load (`'DE'`, `'US'`, see {@link PHONE_COUNTRIES}).
 */
export type PhoneCountryCode = CountryCode | (string & {})

/** The countries a phone field offers: a list of region codes, or `'all'` for {@link PHONE_COUNTRIES}. */
export type PhoneCountries = readonly PhoneCountryCode[] | 'all'

/** The bundled helpers of the covered countries, as one {@link PhoneHelpers}: no loading for them. */
export const COVERED_PHONE_HELPERS: PhoneHelpers = { parsePhoneNumber, formatPhoneAsYouType, getExampleNumber, formatPhoneNumber }

const COVERED_CODES = new Map<string, string>(COUNTRIES.map((c) => [c.iso2, c.dialCode]))
const COVERED_DIAL_CODES = new Set(COVERED_CODES.values())

/**
 * Every region a phone field can offer: the 14 covered countries (their metadata is in the bundle)
 * and every region whose metadata `loadPhoneRegions` of `@hakiki/core` loads on demand.
 */
export const PHONE_COUNTRIES: readonly PhoneCountryCode[] = [...new Set<string>([...COVERED_CODES.keys(), ...PHONE_REGIONS])]

/** The calling code of a region (`DE` → `49`), without loading its metadata; `undefined` for none. */
export function getPhoneCountryCallingCode(iso2: string): string | undefined {
  return COVERED_CODES.get(iso2) ?? getPhoneRegionCallingCode(iso2)
}

/** The countries `countries` names that the kit can read, in the given order (`'all'`: every one). */
export function resolvePhoneCountries(countries: PhoneCountries): readonly PhoneCountryCode[] {
  return countries === 'all' ? PHONE_COUNTRIES : countries.filter((c) => getPhoneCountryCallingCode(c) !== undefined)
}

/**
 * The calling code an international number starts with (`+4915…` → `49`), when it names a region
 * the kit knows. Calling codes are prefix-free (ITU-T E.164), so the first of 1 to 3 digits that
 * is a code is the one.
 */
export function callingCodeOf(cleaned: string): string | undefined {
  if (!cleaned.startsWith('+')) return undefined
  for (let n = 1; n <= 3; n++) {
    const code = cleaned.slice(1, 1 + n)
    if (code.length < n) return undefined
    if (COVERED_DIAL_CODES.has(code) || getPhoneRegionsForCallingCode(code).length > 0) return code
  }
  return undefined
}

/**
 * What a helper set reads: a region code (`DE`: national numbers of Germany, with the main region
 * of a shared calling code when it has one) or `+` and a calling code (`+1`: international numbers
 * of every region with that code, which telling them apart needs).
 */
export type PhoneHelpersKey = string

const loaded = new Map<PhoneHelpersKey, PhoneHelpers>()
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
  return isCovered(key) ? COVERED_PHONE_HELPERS : loaded.get(key)
}

/**
 * Loads the metadata `key` needs (one chunk per region, each fetched once) and gives helpers over
 * it. A failed load is forgotten, so that the next call tries again.
 */
export function loadPhoneHelpers(key: PhoneHelpersKey): Promise<PhoneHelpers> {
  const ready = peekPhoneHelpers(key)
  if (ready) return Promise.resolve(ready)
  let promise = pending.get(key)
  if (!promise) {
    const regions = key.startsWith('+') ? getPhoneRegionsForCallingCode(key.slice(1)) : [key]
    // The loader itself is a chunk too: pages that never leave the covered 14 never fetch it.
    promise = import('./create-region-helpers').then((m) => m.createRegionHelpers(regions)).then(
      (helpers) => {
        loaded.set(key, helpers)
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
