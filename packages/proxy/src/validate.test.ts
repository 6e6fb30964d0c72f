import { beforeAll, describe, expect, it } from 'vitest'
import { loadPhoneLibrary } from './phone-library'
import { ProxyError } from './problem'
import { createCountryCheck, mailboxOf, normalizeCheckCode, normalizeEmail, normalizePhoneNumber, parseStartInput } from './validate'

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (error) {
    if (error instanceof ProxyError) return error.code
    throw error
  }
  return undefined
}

// Loaded on first use in the handler (the first start that names a phone number); here, up front.
beforeAll(() => loadPhoneLibrary())

describe('normalizePhoneNumber', () => {
  it('accepts E.164 numbers of covered countries, with the separators people paste', () => {
    expect(normalizePhoneNumber('+233241234567')).toEqual({ e164: '+233241234567', country: 'GH' })
    expect(normalizePhoneNumber(' +233 24 123-4567 ')).toEqual({ e164: '+233241234567', country: 'GH' })
    expect(normalizePhoneNumber('+234 (803) 123 4567')).toEqual({ e164: '+2348031234567', country: 'NG' })
  })

  it('refuses numbers of other countries as unsupported_country', () => {
    expect(codeOf(() => normalizePhoneNumber('+447911123456'))).toBe('unsupported_country')
    expect(codeOf(() => normalizePhoneNumber('+4915123456789'))).toBe('unsupported_country')
  })

  it("accepts other countries under the countries option, and still refuses invalid numbers", () => {
    const all = createCountryCheck('all')
    expect(normalizePhoneNumber('+1 201 555 0123', all)).toEqual({ e164: '+12015550123', country: 'US' })
    expect(normalizePhoneNumber('+44 7400 123456', all)).toEqual({ e164: '+447400123456', country: 'GB' })
    expect(codeOf(() => normalizePhoneNumber('+233000000000', all))).toBe('invalid_phone_number')
    const listed = createCountryCheck(['US', 'GH'])
    expect(normalizePhoneNumber('+12015550123', listed).country).toBe('US')
    expect(normalizePhoneNumber('+233241234567', listed).country).toBe('GH')
    expect(codeOf(() => normalizePhoneNumber('+447400123456', listed))).toBe('unsupported_country')
    expect(codeOf(() => normalizePhoneNumber('+12015550123', createCountryCheck(undefined)))).toBe('unsupported_country')
  })

  it('throws at creation for a countries entry that is no ISO code', () => {
    expect(() => createCountryCheck(['UK' as 'GB'])).toThrow(/"UK"/)
    expect(() => createCountryCheck('some' as 'all')).toThrow(TypeError)
  })

  it('refuses national numbers, text around a number, and invalid ranges', () => {
    for (const input of ['0241234567', 'call +233241234567', '+233 24', '+2332412345678901', '+233000000000', '++233241234567', '']) {
      expect({ input, code: codeOf(() => normalizePhoneNumber(input)) }).toEqual({ input, code: 'invalid_phone_number' })
    }
  })
})

describe('normalizeEmail', () => {
  it('accepts addresses and lower-cases them', () => {
    expect(normalizeEmail(' Jane.Doe+otp@Example.COM ')).toBe('jane.doe+otp@example.com')
  })

  it('refuses control characters, bidi overrides and malformed addresses', () => {
    for (const input of ['jane@example.com\r\nBcc: x@y.z', 'ja\u202Ene@example.com', 'jane@localhost', 'jane', '@example.com', 'a..b@example.com', 'jane@exa mple.com', `${'a'.repeat(65)}@example.com`]) {
      expect({ input, code: codeOf(() => normalizeEmail(input)) }).toEqual({ input, code: 'invalid_email' })
    }
  })
})

describe('normalizeCheckCode', () => {
  it('turns spaces, dashes, bidi marks and Unicode digits into ASCII digits', () => {
    expect(normalizeCheckCode(' 123-456 ')).toBe('123456')
    expect(normalizeCheckCode('١٢٣٤٥٦')).toBe('123456')
    expect(normalizeCheckCode('۱۲۳ ۴۵۶')).toBe('123456')
    expect(normalizeCheckCode('\u2066１２３４５６\u2069')).toBe('123456')
    expect(normalizeCheckCode('0042')).toBe('0042')
  })

  it('does not pick a code out of a sentence, and bounds the length to 4..10 digits', () => {
    for (const input of ['Your code is 123456', '123', '12345678901', '12a456', '', 123456, null, '1'.repeat(100)]) {
      expect({ input, code: codeOf(() => normalizeCheckCode(input)) }).toEqual({ input, code: 'invalid_code_format' })
    }
  })
})

describe('parseStartInput', () => {
  it('defaults to sms and en, and maps BCP-47 pt-BR to the API spelling pr-BR', () => {
    expect(parseStartInput({ to: '+233241234567' })).toEqual({ to: '+233241234567', channel: 'sms', locale: 'en', localeTag: 'en', country: 'GH' })
    expect(parseStartInput({ to: '+233241234567', channel: 'call', locale: 'pt-BR' }).locale).toBe('pr-BR')
    expect(parseStartInput({ to: 'A@B.co', channel: 'email' })).toEqual({ to: 'a@b.co', channel: 'email', locale: 'en', localeTag: 'en' })
  })

  it('names the field that is wrong with its own code', () => {
    expect(codeOf(() => parseStartInput({}))).toBe('invalid_request')
    expect(codeOf(() => parseStartInput({ to: 42 }))).toBe('invalid_request')
    expect(codeOf(() => parseStartInput({ to: '+233241234567', channel: 'fax' }))).toBe('invalid_request')
    expect(codeOf(() => parseStartInput({ to: '+233241234567', locale: 'xx-YY' }))).toBe('unsupported_locale')
    expect(codeOf(() => parseStartInput({ to: 'jane@example.com' }))).toBe('invalid_phone_number')
    expect(codeOf(() => parseStartInput({ to: '+233241234567', channel: 'email' }))).toBe('invalid_email')
  })

  it('mailboxOf folds the spellings of one mailbox, and nothing else', () => {
    expect(mailboxOf('jane+promo@example.com')).toBe('jane@example.com')
    expect(mailboxOf('j.a.n.e+x@googlemail.com')).toBe('jane@gmail.com')
    expect(mailboxOf('j.ane@example.com')).toBe('j.ane@example.com')
    expect(mailboxOf('+tag@example.com')).toBe('+tag@example.com')
    expect(mailboxOf('+233241234567')).toBe('+233241234567')
  })
})
