/**
 * Turns whatever reached a code field (typed, pasted, autofilled by iOS or Android, spoken by a
 * screen reader's dictation) into the ASCII digits the proxy checks.
 *
 * Written here rather than taken from a library: the OTP inputs we measured reject Arabic-Indic
 * digits and pasted sentences outright, and the rules below fit in a few hundred bytes.
 */

/** Invisible marks that iOS, Android and RTL text insert around codes: bidi controls, zero-width chars, BOM. */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g
/** Separators a human or an SMS puts inside a code: whitespace, the dash family, dots, bullets, underscore. */
const SEPARATOR_CLASS = '\\s\\-\u2010-\u2015.\u00B7\u2022\u2027_'
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu
const LETTER = /\p{L}/u
/** A run of digits where single separators may sit between two digits ("123-456", "12 34 56"). */
const DIGIT_RUN = new RegExp(`\\d(?:[${SEPARATOR_CLASS}]?\\d)*`, 'g')
const NOT_DIGIT = /\D/g
const ANY_DIGIT = /^\p{Nd}$/u

/** Fewest digits a run in a pasted sentence needs to count as a code (the API's minimum code length). */
const MIN_CODE_DIGITS = 4

/**
 * The value of one Unicode decimal digit. Unicode encodes every `\p{Nd}` digit in contiguous,
 * ascending runs of ten that start at zero (a stability guarantee of the standard), so the value
 * is the distance from the start of the run modulo 10. Walking back at most a few runs finds it
 * without shipping a table of the ~70 digit scripts.
 */
function digitValue(char: string): number {
  const cp = char.codePointAt(0) ?? 0
  let start = cp
  while (start > 0 && ANY_DIGIT.test(String.fromCodePoint(start - 1))) start--
  return (cp - start) % 10
}

/** Maps every Unicode decimal digit (Arabic-Indic, Persian, Devanagari, Thai, ...) to its ASCII digit. */
export function toAsciiDigits(input: string): string {
  return input.replace(NON_ASCII_DIGIT, (d) => String(digitValue(d)))
}

/**
 * Normalizes a one-time code as typed, pasted or autofilled into at most `length` ASCII digits.
 *
 * - NFKC (fullwidth `１２３` → `123`), then every Unicode decimal digit to ASCII (`١٢٣` → `123`).
 * - Bidi and zero-width marks are dropped; leading zeros are kept (the result is a string).
 * - Without letters, every non-digit (spaces, dashes, dots, `#`) is dropped: `" 123-456 "` → `"123456"`.
 * - With letters (a pasted SMS), the code is picked out instead of gluing every number together:
 *   the first run of digits (single spaces, dashes or dots allowed inside) with exactly `length`
 *   digits, else the first with 4 to `length` digits. `"Your code is 123456. Reply STOP 2"` →
 *   `"123456"`, never `"1234562"`. With no such run, the first run of digits, cut to `length`.
 *
 * @param input Raw text from the field or clipboard.
 * @param length Number of digits the code has (`codeLength` of the verification).
 */
export function normalizeCode(input: string, length: number): string {
  const max = Math.max(0, Math.floor(length))
  const text = toAsciiDigits(input.normalize('NFKC')).replace(INVISIBLE, '')
  if (!LETTER.test(text)) return text.replace(NOT_DIGIT, '').slice(0, max)

  const runs = (text.match(DIGIT_RUN) ?? []).map((run) => run.replace(NOT_DIGIT, ''))
  const min = Math.min(MIN_CODE_DIGITS, max)
  const picked =
    runs.find((digits) => digits.length === max) ??
    runs.find((digits) => digits.length >= min && digits.length <= max) ??
    runs[0] ??
    ''
  return picked.slice(0, max)
}

/** True when `code` is exactly `length` ASCII digits, i.e. a complete output of {@link normalizeCode}. */
export function isCompleteCode(code: string, length: number): boolean {
  return code.length === length && /^[0-9]+$/.test(code)
}
