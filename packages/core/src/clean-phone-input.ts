import { toAsciiDigits } from './normalize-code'

/** The `(0)` Europeans and Africans write after the country code for the trunk prefix: `+234 (0)803…`. */
const TRUNK_IN_PARENS = /\(\s*0\s*\)/g
const NOT_DIGIT = /[^0-9]/g

/**
 * Reduces what a user typed or pasted as a phone number to `+` and ASCII digits, before parsing.
 *
 * - NFKC (fullwidth `＋２３４`) and every Unicode decimal digit to ASCII (`٠٨٠٣` → `0803`).
 * - `00` at the start is the international call prefix of every covered country: `00234…` → `+234…`.
 * - The trunk prefix in parentheses is dropped: `+234 (0)803 123 4567` → `+2348031234567`.
 * - Spaces, dashes, dots, parentheses, bidi marks and any other character are dropped.
 *
 * The result is not validated: pass it to `parsePhoneNumber`.
 */
export function cleanPhoneInput(input: string): string {
  const text = toAsciiDigits(input.normalize('NFKC')).replace(TRUNK_IN_PARENS, '')
  const digits = text.replace(NOT_DIGIT, '')
  if (/^[^0-9]*\+/.test(text)) return `+${digits}`
  if (digits.startsWith('00')) return `+${digits.slice(2)}`
  return digits
}
