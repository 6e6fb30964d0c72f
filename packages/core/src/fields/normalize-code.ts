/**
 * Turns whatever reached a code field (typed, pasted, autofilled by iOS or Android, spoken by a
 * screen reader's dictation) into the ASCII digits the proxy checks.
 *
 * Written here rather than taken from a library: the OTP inputs we measured reject Arabic-Indic
 * digits and pasted sentences outright, and the rules below fit in a few hundred bytes.
 */
import { CODE_MIN_DIGITS, CODE_SEPARATOR_CLASS, INVISIBLE_MARK_CLASS } from '../rules/code-format'
import { toAsciiDigits } from '../rules/to-ascii-digits'

export { toAsciiDigits } from '../rules/to-ascii-digits'

const INVISIBLE = new RegExp(`[${INVISIBLE_MARK_CLASS}]`, 'g')
const LETTER = /\p{L}/u
/** A run of digits where single separators may sit between two digits ("123-456", "12 34 56"). */
const DIGIT_RUN = new RegExp(`\\d(?:[${CODE_SEPARATOR_CLASS}]?\\d)*`, 'g')
const NOT_DIGIT = /\D/g

const digitsOf = (run: string): string => run.replace(NOT_DIGIT, '')

/** A code picked out of what reached a code field, and whether it is sure enough to submit by itself. */
export interface PickedCode {
  /** At most `length` ASCII digits (what {@link normalizeCode} returns). */
  code: string
  /**
   * False when the code was guessed among other numbers of a pasted message (or cut from a longer
   * one): fill the field, but let the user submit, since a wrong guess burns an attempt.
   */
  confident: boolean
}

/**
 * Picks the one-time code out of text typed, pasted or autofilled into a code field.
 *
 * - NFKC (fullwidth `１２３` → `123`), then every Unicode decimal digit to ASCII (`١٢٣` → `123`).
 * - Bidi and zero-width marks are dropped; leading zeros are kept (the result is a string).
 * - Without letters, every non-digit (spaces, dashes, dots, `#`) is dropped: `" 123-456 "` →
 *   `"123456"`, confident unless there were more than `length` digits.
 * - With letters (a pasted SMS), runs of digits (single spaces, dashes or dots allowed inside) are
 *   candidates, never glued together. The last run of exactly `length` digits wins
 *   (`Your code is 123456. It expires in 10 minutes.`, `验证码是482137`,
 *   `your OTP for NGN 5000 is 4829` → `4829`); else the first of 4 to `length` digits; else the
 *   first run, cut to `length`. The rule reads no word of any language: it holds for the 36
 *   locales' messages and for other senders' alike.
 * - Confident only when no other number of the message could have been the code: the pick is
 *   the only distinct run of 4 or more digits (`Order 123456. Code 654321` is a guess).
 *
 * @param input Raw text from the field or clipboard.
 * @param length Number of digits the code has (`codeLength` of the verification).
 */
export function pickCode(input: string, length: number): PickedCode {
  const max = Math.max(0, Math.floor(length))
  const text = toAsciiDigits(input.normalize('NFKC')).replace(INVISIBLE, '')
  const letters = LETTER.test(text)
  // Without letters the digits are one run, whatever stands between them.
  const runs = letters ? (text.match(DIGIT_RUN) ?? []).map(digitsOf) : [text.replace(NOT_DIGIT, '')]
  const min = Math.min(CODE_MIN_DIGITS, max)
  // The last one (no `findLast`: published code stays within ES2022).
  const exact = runs.filter((digits) => digits.length === max).pop()
  const picked = exact ?? runs.find((digits) => digits.length >= min && digits.length <= max) ?? runs[0] ?? ''
  return {
    code: picked.slice(0, max),
    confident: letters ? exact !== undefined && new Set(runs.filter((digits) => digits.length >= min)).size === 1 : picked.length <= max,
  }
}

/**
 * Normalizes a one-time code as typed, pasted or autofilled into at most `length` ASCII digits:
 * the `code` of {@link pickCode} (which also says whether it is sure enough to submit by itself).
 * `"Your code is 123456. Reply STOP 2"` → `"123456"`, never `"1234562"`;
 * `"Order 123456 confirmed. Code: 654321"` → `"654321"` (a guess: `pickCode` is not confident).
 *
 * @param input Raw text from the field or clipboard.
 * @param length Number of digits the code has (`codeLength` of the verification).
 */
export function normalizeCode(input: string, length: number): string {
  return pickCode(input, length).code
}

/** True when `code` is exactly `length` ASCII digits, i.e. a complete output of {@link normalizeCode}. */
export function isCompleteCode(code: string, length: number): boolean {
  return code.length === length && /^[0-9]+$/.test(code)
}
