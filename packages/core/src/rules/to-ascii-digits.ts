const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu
const ANY_DIGIT = /^\p{Nd}$/u

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
