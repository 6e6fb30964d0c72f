import { getCountries, getExampleNumber } from 'libphonenumber-js/max'
import examples from 'libphonenumber-js/examples.mobile.json'
import { describe, expect, it, vi } from 'vitest'
import { PHONE_COUNTRIES, isValidPhoneNumber, loadPhoneLibrary, parsePhoneNumber, phoneLibrary, phoneNumberType } from './phone-library'

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

  it('forgets the number and its type once the synchronous step is over: no address outlives its request', async () => {
    await loadPhoneLibrary()
    const first = parsePhoneNumber('+254712345678')!
    const getType = vi.spyOn(first, 'getType')
    phoneNumberType(first)
    phoneNumberType(first)
    expect(getType).toHaveBeenCalledTimes(1)
    await Promise.resolve()
    // A later request parses and types afresh: the same text gives a new object, asked again.
    expect(parsePhoneNumber('+254712345678')).not.toBe(first)
    phoneNumberType(first)
    expect(getType).toHaveBeenCalledTimes(2)
  })

  it('types a number once, with the answers of isValid() and getType() for every country', async () => {
    const library = await loadPhoneLibrary()
    // Each country's example mobile number, and variants around it: one digit changed, one
    // dropped, one added (valid, invalid, other types, other countries of a shared calling code).
    const texts = getCountries().flatMap((country) => {
      const e164 = getExampleNumber(country, examples)?.number
      if (e164 === undefined) return []
      return [e164, `${e164.slice(0, -1)}${(Number(e164.at(-1)) + 5) % 10}`, e164.slice(0, -1), `${e164}7`, `${e164.slice(0, 4)}0${e164.slice(5)}`]
    })
    expect(texts.length).toBeGreaterThan(1000)
    let valid = 0
    for (const text of texts) {
      const parsed = library.parsePhoneNumberFromString(text)
      if (parsed === undefined) continue
      const fresh = library.parsePhoneNumberFromString(text)
      expect([text, isValidPhoneNumber(parsed), phoneNumberType(parsed)]).toEqual([text, fresh?.isValid(), fresh?.getType()])
      // Asked again (remembered), the same.
      expect([isValidPhoneNumber(parsed), phoneNumberType(parsed)]).toEqual([fresh?.isValid(), fresh?.getType()])
      if (fresh?.isValid()) valid += 1
    }
    // Both answers occur: the comparison is not all one way.
    expect(valid).toBeGreaterThan(300)
    expect(valid).toBeLessThan(texts.length - 300)
  })
})
