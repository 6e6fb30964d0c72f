import {
  COUNTRIES,
  createPhoneHelpers,
  formatPhoneAsYouType,
  formatPhoneNumber,
  getExampleNumber,
  getPhoneRegionCallingCode,
  getPhoneRegionsForCallingCode,
  loadPhoneRegions,
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
    if ([...COVERED_CODES.values()].includes(code) || getPhoneRegionsForCallingCode(code).length > 0) return code
  }
  return undefined
}

/** Loaded helper sets by calling code: regions sharing a code (+1, +44, +590) are read together. */
const loaded = new Map<string, PhoneHelpers>()
const pending = new Map<string, Promise<PhoneHelpers>>()

/**
 * The helpers that read numbers of calling code `code`, when they are at hand: the bundled ones for
 * a covered country's code, the loaded ones for another; `undefined` while they are not loaded.
 */
export function peekPhoneHelpers(code: string): PhoneHelpers | undefined {
  if ([...COVERED_CODES.values()].includes(code)) return COVERED_PHONE_HELPERS
  return loaded.get(code)
}

/**
 * Loads the metadata of every region with calling code `code` (one chunk each, fetched once) and
 * gives helpers over them. All of a shared code's regions load together: telling a Canadian `+1`
 * number from a US one needs both plans, and a region such as CA borrows its formats from the
 * code's main region. A failed load is forgotten, so that the next call tries again.
 */
export function loadPhoneHelpers(code: string): Promise<PhoneHelpers> {
  const ready = peekPhoneHelpers(code)
  if (ready) return Promise.resolve(ready)
  let promise = pending.get(code)
  if (!promise) {
    promise = loadPhoneRegions(getPhoneRegionsForCallingCode(code)).then(
      ({ metadata, examples }) => {
        const helpers = createPhoneHelpers(metadata, examples)
        loaded.set(code, helpers)
        pending.delete(code)
        return helpers
      },
      (error: unknown) => {
        pending.delete(code)
        throw error
      },
    )
    pending.set(code, promise)
  }
  return promise
}
