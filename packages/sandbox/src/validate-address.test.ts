import { COUNTRIES } from '@hakiki/core'
import { describe, expect, test } from 'vitest'
import { validateEmail, validatePhone } from './validate-address'

// One valid mobile number per covered country (libphonenumber's own examples, plus a few others).
const VALID: Record<string, string> = {
  BJ: '+2290195123456',
  BF: '+22670123456',
  CM: '+237671234567',
  CI: '+2250123456789',
  GH: '+233241234567',
  KE: '+254712345678',
  NG: '+2348031234567',
  RW: '+250781234567',
  SN: '+221771234567',
  ZA: '+27821234567',
  TZ: '+255712345678',
  TG: '+22890123456',
  UG: '+256712345678',
  ZW: '+263771234567',
}

describe('validatePhone', () => {
  test.each(COUNTRIES.map((c) => [c.iso2, VALID[c.iso2]!] as const))('accepts a %s number', (iso2, number) => {
    expect(validatePhone(number)).toEqual({ e164: number, country: iso2 })
  })

  test.each([
    ['0241234567', /E\.164 form/],
    ['233241234567', /E\.164 form/],
    ['+233 24 123 4567', /E\.164 form/],
    ['+233-24-123-4567', /E\.164 form/],
    ['+0233241234567', /E\.164 form/],
    ['+2332412345678901', /E\.164 form/],
    ['+233241', /not a valid phone number/],
    ['+447700900123', /not a valid phone number/],
    ['+23408031234567', /trunk prefix/],
    ['+14155552671', /not in a covered country/],
    ['+33612345678', /not in a covered country/],
  ])('refuses %j', (to, message) => {
    expect(() => validatePhone(to)).toThrow(message)
  })
})

describe('validateEmail', () => {
  test.each(['ama@example.com', 'Kofi.Mensah+otp@mail.example.co.za', "o'brien@example.org"])('accepts %j', (to) => {
    expect(validateEmail(to)).toBe(to)
  })

  test.each([
    ['ama@example.com\r\nBcc: eve@example.com', /control characters/],
    ['ama\u0000@example.com', /control characters/],
    ['ama@exa\u2028mple.com', /control characters/],
    [`${'a'.repeat(250)}@example.com`, /254/],
    ['ama', /valid e-mail/],
    ['ama@localhost', /valid e-mail/],
    ['@example.com', /valid e-mail/],
    ['ama@', /valid e-mail/],
    ['ama @example.com', /valid e-mail/],
    ['ama@-example.com', /valid e-mail/],
    ['ama@example..com', /valid e-mail/],
    ['"ama"@example.com', /valid e-mail/],
    ['+233241234567', /valid e-mail/],
  ])('refuses %j', (to, message) => {
    expect(() => validateEmail(to)).toThrow(message)
  })
})
