import { describe, expect, it } from 'vitest'
import { COUNTRIES } from './countries'
import {
  callingCodeOf,
  COVERED_PHONE_HELPERS,
  formatKnownPhoneNumber,
  getPhoneCountries,
  getPhoneCountryCallingCode,
  INDEX_KEY,
  isPhoneCountriesLoaded,
  loadPhoneCountries,
  loadPhoneHelpers,
  needsPhoneCountries,
  peekPhoneHelpers,
  resolvePhoneCountries,
} from './offered-phone-countries'
import { PHONE_REGIONS } from './load-phone-regions'

// One module state for the file: the first test sees the index not loaded yet, the rest after.
describe('offered phone countries', () => {
  it('knows the covered 14 without loading anything, and nothing more', () => {
    expect(isPhoneCountriesLoaded()).toBe(false)
    expect(getPhoneCountries()).toEqual(COUNTRIES.map((c) => c.iso2))
    expect(getPhoneCountryCallingCode('GH')).toBe('233')
    expect(getPhoneCountryCallingCode('DE')).toBeUndefined()
    expect(callingCodeOf('+4915123456789')).toBeUndefined()
    expect(callingCodeOf('+233241234567')).toBe('233')
    // A list is kept as given until the index can tell which codes exist.
    expect(resolvePhoneCountries(['GH', 'DE', 'XX'])).toEqual(['GH', 'DE', 'XX'])
    expect(peekPhoneHelpers('GH')).toBe(COVERED_PHONE_HELPERS)
    expect(peekPhoneHelpers('+233')).toBe(COVERED_PHONE_HELPERS)
    expect(peekPhoneHelpers('DE')).toBeUndefined()
    expect(peekPhoneHelpers(INDEX_KEY)).toBeUndefined()
    expect(needsPhoneCountries(['GH', 'KE'])).toBe(false)
    expect(needsPhoneCountries(['GH', 'DE'])).toBe(true)
    expect(needsPhoneCountries('all')).toBe(true)
  })

  it('knows every region once the index is loaded', async () => {
    await loadPhoneCountries()
    expect(isPhoneCountriesLoaded()).toBe(true)
    expect(new Set(getPhoneCountries())).toEqual(new Set(PHONE_REGIONS))
    expect(getPhoneCountries()).toHaveLength(245)
    expect(resolvePhoneCountries('all')).toBe(getPhoneCountries())
    expect(resolvePhoneCountries(['GH', 'DE', 'XX'])).toEqual(['GH', 'DE'])
    expect(getPhoneCountryCallingCode('DE')).toBe('49')
    expect(callingCodeOf('+4915123456789')).toBe('49')
    expect(callingCodeOf('+15062345678')).toBe('1')
    expect(callingCodeOf('+')).toBeUndefined()
    expect(peekPhoneHelpers(INDEX_KEY)).toBe(COVERED_PHONE_HELPERS)
  })

  it('loads a country on its own and a calling code with all its regions', async () => {
    const germany = await loadPhoneHelpers('DE')
    expect(peekPhoneHelpers('DE')).toBe(germany)
    expect(germany.formatPhoneAsYouType('015123456789', 'DE').formatted).toBe('01512 3456789')
    expect(germany.parsePhoneNumber('015123456789', 'DE')).toMatchObject({ e164: '+4915123456789', country: 'DE', isValid: true })
    // +1 is shared: only with every region of it loaded is a Canadian number told from a US one.
    const plusOne = await loadPhoneHelpers('+1')
    expect(plusOne.parsePhoneNumber('+15062345678')).toMatchObject({ country: 'CA', isValid: true })
    expect(plusOne.parsePhoneNumber('+12015550123')).toMatchObject({ country: 'US', isValid: true })
    // The same promise while loading, the same helpers once loaded.
    const france = loadPhoneHelpers('FR')
    expect(loadPhoneHelpers('FR')).toBe(france)
    const helpers = await france
    expect(peekPhoneHelpers('FR')).toBe(helpers)
    expect(await loadPhoneHelpers('GH')).toBe(COVERED_PHONE_HELPERS)
  })

  it('formats a number for display with the metadata at hand: the covered, then any region loaded', async () => {
    expect(formatKnownPhoneNumber('+233241234567')).toBe('+233 24 123 4567')
    // Issue 25: the flow named a number of a country loaded on demand as given (`+14155552671`).
    // Japan: no test above loads it.
    expect(formatKnownPhoneNumber('+819012345678')).toBe('+819012345678')
    await loadPhoneHelpers('JP')
    expect(formatKnownPhoneNumber('+819012345678')).toBe('+81 90 1234 5678')
    expect(formatKnownPhoneNumber('+14155552671')).toBe('+1 415 555 2671')
  })
})
