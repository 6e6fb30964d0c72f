import { getCountries } from 'libphonenumber-js/max'
import { describe, expect, it } from 'vitest'
import { PHONE_COUNTRIES, loadPhoneLibrary, phoneLibrary } from './phone-library'

describe('phone-library', () => {
  it('lists exactly the countries the installed libphonenumber has a plan for', () => {
    expect([...PHONE_COUNTRIES].toSorted()).toEqual(getCountries().toSorted())
  })

  it('loads the library once, on demand', async () => {
    const [a, b] = await Promise.all([loadPhoneLibrary(), loadPhoneLibrary()])
    expect(a).toBe(b)
    expect(phoneLibrary()).toBe(a)
    expect(phoneLibrary().parsePhoneNumberFromString('+233241234567')?.country).toBe('GH')
  })
})
