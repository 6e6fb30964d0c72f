import { describe, expect, it } from 'vitest'
import { cleanPhoneInput } from './clean-phone-input'

describe('cleanPhoneInput', () => {
  it.each([
    ['+233 24 123 4567', '+233241234567'],
    ['+233-24-123-4567', '+233241234567'],
    ['(024) 123.4567', '0241234567'],
    // A call prefix other than `+` is the country's to read (KE dials out with 000, NG with 009).
    ['00234 803 123 4567', '002348031234567'],
    ['000 44 20 7946 0000', '000442079460000'],
    // `(0)` keeps its digit: the reader drops a trunk prefix, but in Côte d'Ivoire the 0 is part of the number.
    ['+234 (0)803 123 4567', '+23408031234567'],
    ['+225 (0)7 12 34 56 78', '+2250712345678'],
    // An extension is cut off, not glued on as more digits.
    ['+27 83 628 0123 ext. 12', '+27836280123'],
    ['+27 83 628 0123 ext 12', '+27836280123'],
    ['+27 83 628 0123 x12', '+27836280123'],
    ['+27 83 628 0123 #12', '+27836280123'],
    ['+233 24 123 4567;ext=1234', '+233241234567'],
    ['024 123 4567 extension 9', '0241234567'],
    ['٠٢٤١٢٣٤٥٦٧', '0241234567'],
    ['+٢٣٣ ٢٤ ١٢٣ ٤٥٦٧', '+233241234567'],
    ['＋２３３２４１２３４５６７', '+233241234567'],
    ['\u202A+233 24 123 4567\u202C', '+233241234567'],
    ['tel:+233241234567', '+233241234567'],
    ['0241234567', '0241234567'],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(cleanPhoneInput(input)).toBe(expected)
  })
})
