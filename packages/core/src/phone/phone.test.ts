import metadataMax from 'libphonenumber-js/metadata.max.json'
import examplesMobile from 'libphonenumber-js/examples.mobile.json'
import { describe, expect, it } from 'vitest'
import { formatPhoneAsYouType, formatPhoneNumber, getExampleNumber, parsePhoneNumber } from './phone'
import { withPhoneMetadata } from './with-phone-metadata'
import { COUNTRIES } from './countries'

describe('parsePhoneNumber', () => {
  it.each([
    ['+233 24 123 4567', undefined, '+233241234567', 'GH'],
    ['024 123 4567', 'GH', '+233241234567', 'GH'],
    ['00233 24 123 4567', 'SN', '+233241234567', 'GH'],
    ['000 233 24 123 4567', 'KE', '+233241234567', 'GH'],
    ['009 233 24 123 4567', 'NG', '+233241234567', 'GH'],
    ['005 233 24 123 4567', 'TZ', '+233241234567', 'GH'],
    ['007 233 24 123 4567', 'UG', '+233241234567', 'GH'],
    ['+27 83 628 0123 ext. 12', undefined, '+27836280123', 'ZA'],
    ['083 628 0123 x 12', 'ZA', '+27836280123', 'ZA'],
    ['+225 (0)7 12 34 56 78', undefined, '+2250712345678', 'CI'],
    ['+234 (0)802 123 4567', undefined, '+2348021234567', 'NG'],
    ['0802 123 4567', 'NG', '+2348021234567', 'NG'],
    ['٠٨٠٢١٢٣٤٥٦٧', 'NG', '+2348021234567', 'NG'],
    ['+254 712 123456', 'GH', '+254712123456', 'KE'],
    ['071 123 4567', 'ZA', '+27711234567', 'ZA'],
  ])('%j (default %s) is valid: %s', (input, country, e164, iso2) => {
    const result = parsePhoneNumber(input, country)
    expect(result.error).toBeUndefined()
    expect(result).toMatchObject({ e164, country: iso2, isValid: true, isCovered: true, type: 'MOBILE' })
  })

  it.each([
    ['', 'GH', 'not_a_number'],
    ['hello', 'GH', 'not_a_number'],
    ['024 12', 'GH', 'too_short'],
    ['+233 24 123 4567 8901', undefined, 'too_long'],
    ['+233 99 123 4567', undefined, 'invalid'],
    ['+44 20 7946 0000', undefined, 'unsupported_country'],
    ['+1 212 555 0100', undefined, 'unsupported_country'],
    ['020 7946 0000', 'GB', 'unsupported_country'],
    ['024 123 4567', undefined, 'invalid'],
    // Nigeria dials out with 009, Kenya with 000: 00 is no call prefix there (as libphonenumber-js reads it).
    ['00233 24 123 4567', 'NG', 'invalid'],
    ['00233 24 123 4567', 'KE', 'too_long'],
    // Valid toll-free numbers of the metadata, but 16 and 17 digits: past E.164, refused like the proxy does.
    ['+234 800 1234 567890', undefined, 'too_long'],
    ['0800 1234 5678901', 'NG', 'too_long'],
  ])('%j (default %s) fails with %s', (input, country, error) => {
    const result = parsePhoneNumber(input, country)
    expect(result.error).toBe(error)
    expect(result.isCovered).toBe(false)
  })

  it('tells apart a valid uncovered number when bound to full metadata', () => {
    const full = withPhoneMetadata(metadataMax, examplesMobile)
    expect(full.parsePhoneNumber('+44 20 7946 0000')).toMatchObject({
      e164: '+442079460000',
      country: 'GB',
      isValid: true,
      isCovered: false,
      error: 'unsupported_country',
    })
    expect(full.parsePhoneNumber('+233 24 123 4567')).toMatchObject({ isValid: true, isCovered: true })
  })
})

describe('formatPhoneAsYouType', () => {
  it('formats national input and gives the E.164 form once complete', () => {
    expect(formatPhoneAsYouType('02412', 'GH')).toEqual({ formatted: '024 12', country: 'GH' })
    expect(formatPhoneAsYouType('0241234567', 'GH')).toEqual({ formatted: '024 123 4567', country: 'GH', e164: '+233241234567' })
  })

  it('formats national input typed without the trunk 0, laid out without it', () => {
    // libphonenumber-js's AsYouType leaves these as typed (every national format of these countries
    // adds the prefix); people often leave the 0 out, so we group them as the international form does.
    expect(formatPhoneAsYouType('241234567', 'GH')).toEqual({ formatted: '24 123 4567', country: 'GH', e164: '+233241234567' })
    expect(formatPhoneAsYouType('2412', 'GH')).toEqual({ formatted: '24 12', country: 'GH' })
    expect(formatPhoneAsYouType('712345678', 'KE')).toEqual({ formatted: '712 345678', country: 'KE', e164: '+254712345678' })
    expect(formatPhoneAsYouType('8021234567', 'NG').formatted).toBe('802 123 4567')
  })

  it('formats international input and detects the country', () => {
    expect(formatPhoneAsYouType('+2348021234567')).toEqual({
      formatted: '+234 802 123 4567',
      country: 'NG',
      e164: '+2348021234567',
    })
    expect(formatPhoneAsYouType('00254712123456', 'GH').e164).toBe('+254712123456')
    expect(formatPhoneAsYouType('000 254712123456', 'KE')).toEqual({ formatted: '000 254 712 123456', country: 'KE', e164: '+254712123456' })
  })

  it('keeps a leading 00 as typed while it can still be a national number or a call prefix', () => {
    expect(formatPhoneAsYouType('0', 'GH').formatted).toBe('0')
    expect(formatPhoneAsYouType('00', 'GH').formatted).toBe('00')
    expect(formatPhoneAsYouType('002', 'GH').formatted).toBe('00 2')
    expect(formatPhoneAsYouType('00', 'KE').formatted).toBe('00')
  })

  it('gives no E.164 for an uncovered country', () => {
    expect(formatPhoneAsYouType('+442079460000').e164).toBeUndefined()
  })
})

describe('getExampleNumber', () => {
  it.each(COUNTRIES)('has a valid example for $iso2', ({ iso2, dialCode }) => {
    const example = getExampleNumber(iso2)
    expect(example?.e164.startsWith(`+${dialCode}`)).toBe(true)
    expect(parsePhoneNumber(example?.e164 ?? '').country).toBe(iso2)
    expect(parsePhoneNumber(example?.national ?? '', iso2).e164).toBe(example?.e164)
  })

  it('has none for other countries', () => {
    expect(getExampleNumber('GB')).toBeUndefined()
  })
})

describe('formatPhoneNumber', () => {
  it('formats a stored number for display', () => {
    expect(formatPhoneNumber('+233241234567')).toBe('+233 24 123 4567')
    expect(formatPhoneNumber('+233241234567', 'national')).toBe('024 123 4567')
    expect(formatPhoneNumber('not a number')).toBe('not a number')
  })
})
