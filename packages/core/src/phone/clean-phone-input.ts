import { toAsciiDigits } from '../rules/to-ascii-digits'

/**
 * An extension after the number, as libphonenumber-js recognises one: `;ext=12`, `ext. 12`,
 * `extension 12`, `x12`, `#12`, `anexo 12`, `доб 12`, `,, 12`. Cut off rather than dropped
 * character by character, so its digits are never glued onto the number
 * (`+27 83 628 0123 ext. 12` is not `+2783628012312`, another valid number).
 */
const EXTENSION = /(?:;ext=|\s*(?:,,|;|e?xt(?:ensi[oó]n|n)?|anexo|доб|int|[x#~])\s*[.:]?)\s*\d{1,20}#?\s*$/iu
const NOT_DIGIT = /[^0-9]/g

/**
 * Reduces what a user typed or pasted as a phone number to `+` and ASCII digits, before parsing.
 *
 * - NFKC (fullwidth `＋２３４`) and every Unicode decimal digit to ASCII (`٠٨٠٣` → `0803`).
 * - An extension is cut off: `+27 83 628 0123 ext. 12` → `+27836280123`.
 * - Spaces, dashes, dots, parentheses, bidi marks and any other character are dropped. A `(0)`
 *   keeps its digit: the readers drop a trunk prefix after the calling code as libphonenumber-js
 *   does (`+234 (0)803…` is `+234803…`), and keep a 0 that is part of the number (`+225 (0)7…`).
 * - A call prefix other than `+` (`00`, Kenya's `000`, Nigeria's `009`) is left as digits: which
 *   one dials out depends on the country, so the readers strip it with the country's metadata.
 *
 * The result is not validated: pass it to `parsePhoneNumber`.
 */
export function cleanPhoneInput(input: string): string {
  const text = toAsciiDigits(input.normalize('NFKC')).replace(EXTENSION, '')
  const digits = text.replace(NOT_DIGIT, '')
  return /^[^0-9]*\+/.test(text) ? `+${digits}` : digits
}
