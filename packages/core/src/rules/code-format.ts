import { toAsciiDigits } from './to-ascii-digits'

/** Fewest digits a one-time code has (the Verify API's shortest code length). */
export const CODE_MIN_DIGITS = 4
/** Most digits a one-time code has. */
export const CODE_MAX_DIGITS = 10
/** Longest code text a server looks at: anything longer is no code, whatever it holds. */
export const CODE_MAX_INPUT = 64

/**
 * Separators people and SMS apps put inside a code, as a regular expression class: whitespace,
 * the dash family, dots, the middle dot, bullet, hyphenation point (`123‧456`) and underscore.
 */
export const CODE_SEPARATOR_CLASS = '\\s\\-\u2010-\u2015.\u00B7\u2022\u2027_'
/** Invisible marks that iOS, Android and RTL text insert around codes: bidi controls, zero-width characters, BOM. */
export const INVISIBLE_MARK_CLASS = '\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF'

// Built on first use, not at import: a bundler cannot drop a top-level `new RegExp` of a template,
// so every browser bundle that only needs the constants above (the code field) would carry them.
let patterns: { separatorsAndMarks: RegExp; code: RegExp } | undefined

/**
 * The code a server checks, from what the browser sent: NFKC, Unicode digits to ASCII
 * (`٤٥٦` → `456`), separators and invisible marks dropped; `undefined` unless that leaves 4 to 10
 * ASCII digits. It never picks a code out of a sentence (that is the field's job, `pickCode`):
 * a server that guessed would burn the user's attempts.
 */
export function readSubmittedCode(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > CODE_MAX_INPUT) return undefined
  patterns ??= {
    separatorsAndMarks: new RegExp(`[${CODE_SEPARATOR_CLASS}${INVISIBLE_MARK_CLASS}]`, 'g'),
    code: new RegExp(`^[0-9]{${CODE_MIN_DIGITS},${CODE_MAX_DIGITS}}$`),
  }
  const digits = toAsciiDigits(input.normalize('NFKC')).replace(patterns.separatorsAndMarks, '')
  return patterns.code.test(digits) ? digits : undefined
}
