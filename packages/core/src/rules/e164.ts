/**
 * E.164 (ITU-T): `+`, a country code that does not start with 0, and at most 15 digits in all.
 * Numbers the metadata calls valid can be longer (Nigeria's 14-digit national numbers make 17):
 * no network delivers to them, so every package refuses them alike.
 */
export const E164_MAX_DIGITS = 15

const E164 = new RegExp(`^\\+[1-9][0-9]{1,${E164_MAX_DIGITS - 1}}$`)

/** True when `value` is written in E.164: `+233241234567`, no spaces, at most 15 digits. */
export function isE164(value: string): boolean {
  return E164.test(value)
}

/** Separators people paste inside a number written with `+`: spaces, brackets, dots, dashes. */
const PHONE_SEPARATORS = /[\s().-]/g

/**
 * A number as a server reads it before checking E.164: trimmed, with the spaces, brackets, dots
 * and dashes people paste dropped (`+233 24 123-4567` → `+233241234567`). Nothing else is
 * forgiven: the browser knows the country, so a national number or letters are a client bug.
 */
export function compactPhoneNumber(input: string): string {
  return input.trim().replace(PHONE_SEPARATORS, '')
}
