/**
 * Phone numbers for the abuse bench: valid numbers of a given type per country, drawn from a
 * seeded generator so every run sends to the same numbers.
 */
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max'

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * A valid number of `country` whose type is one of `types`, starting with `prefix` (E.164) when
 * given: random national digits, kept when libphonenumber's `max` metadata agrees.
 */
export function randomNumber(random: () => number, country: string, types: readonly string[], prefix?: string): string {
  const calling = `+${getCountryCallingCode(country as CountryCode)}`
  const start = prefix ?? calling
  for (let attempt = 0; attempt < 200_000; attempt++) {
    const length = 4 + Math.floor(random() * 9)
    let digits = start
    while (digits.length < calling.length + length) digits += String(Math.floor(random() * 10))
    const parsed = parsePhoneNumberFromString(digits)
    if (parsed !== undefined && (prefix !== undefined || parsed.country === country) && parsed.isValid() && types.includes(parsed.getType() ?? '')) return parsed.number
  }
  throw new Error(`no ${types.join('/')} number found for ${country} ${prefix ?? ''}`)
}
