import { getCountries } from 'libphonenumber-js/max'
import { describe, expect, it } from 'vitest'
import { PHONE_COUNTRIES, loadPhoneLibrary, parsePhoneNumber, phoneLibrary } from './phone-library'

const facts = (n: ReturnType<typeof parsePhoneNumber>) => n && { number: n.number, country: n.country, valid: n.isValid(), type: n.getType() }

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

  it('parses as the library does, the last number remembered', async () => {
    const library = await loadPhoneLibrary()
    for (const text of ['+233241234567', '+233241234567', '+12015550123', '+233241234567', '+4490', '+2348031234567', '+2348031234567']) {
      expect(facts(parsePhoneNumber(text))).toEqual(facts(library.parsePhoneNumberFromString(text)))
    }
    const first = parsePhoneNumber('+254712345678')
    expect(parsePhoneNumber('+254712345678')).toBe(first)
  })
})
