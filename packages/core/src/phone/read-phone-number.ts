import type { MetadataJson } from 'libphonenumber-js/core'
import type { PhoneReader, PhoneReading } from './shape-phone-result'
import {
  checkPlanLength,
  countryByNationalNumber,
  extractNationalNumber,
  findPlan,
  findPlanByCallingCode,
  getPhoneType,
  stripIddPrefix,
  withoutMissingPlus,
  type PhonePlan,
  type PlanLengthError,
  type PlanOf,
} from './phone-plan'

/**
 * Reading numbers written here rather than with libphonenumber-js's `parsePhoneNumber`: that pulls
 * in its metadata class, `PhoneNumber`, extension and RFC 3966 parsing and error classes, ~9 kB
 * gzip for features a phone field does not use. These functions follow its steps (national prefix
 * for parsing and its transform rule, shared calling codes told apart by leading digits or number
 * types), and `phone-equivalence.test.ts` and `phone-differential.test.ts` prove the answers
 * equal to libphonenumber-js's on the same metadata.
 */

/**
 * A number read from `+` and digits: its region (`undefined` when its shared calling code's
 * regions in the metadata all refuse it), the plan it is checked against (the region's, else the
 * calling code's main region's) and its national significant number.
 */
export interface PlanNumber {
  country: string | undefined
  plan: PhonePlan
  nationalNumber: string
}

/** Why digits could not be read as a number at all (libphonenumber-js's `ParseError` codes). */
export type ReadFailure = 'NOT_A_NUMBER' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_COUNTRY'

/** Longest input libphonenumber-js reads, and the national number lengths it accepts. */
const MAX_INPUT = 250
const MIN_NATIONAL = 2
const MAX_NATIONAL = 17

/**
 * `+` then a calling code of the metadata (one to three digits, never starting with 0): the code
 * and the digits after it, as libphonenumber-js's `extractCountryCallingCode` reads them.
 */
export function splitCallingCode(text: string, metadata: MetadataJson): [code: string, rest: string] | undefined {
  for (let end = 2; end <= 4 && end <= text.length && text[1] !== '0'; end++) {
    const code = text.slice(1, end)
    if (findPlanByCallingCode(metadata, code)) return [code, text.slice(end)]
  }
  return undefined
}

/** The number of `nationalDigits` of a calling code, in the region they belong to (or `country`'s plan when none claims them). */
export function inRegion(metadata: MetadataJson, code: string, nationalNumber: string, country?: PlanOf): PlanNumber | undefined {
  const exact = findPlan(metadata, countryByNationalNumber(metadata, code, nationalNumber))
  const found = exact ?? country ?? findPlanByCallingCode(metadata, code)
  return found && { country: exact ? exact.country : country?.country, plan: found.plan, nationalNumber }
}

/**
 * Reads cleaned input (`+` and ASCII digits, see `cleanPhoneInput`) as libphonenumber-js's
 * `parsePhoneNumber` does: `+` then a calling code, or national digits in `defaultCountry` (with
 * its national prefix, or its calling code without `+`), or `defaultCountry`'s international call
 * prefix then a calling code. Whether the number is valid is a separate question: see {@link getPhoneType}.
 */
export function readPhoneNumber(input: string, defaultCountry: string | undefined, metadata: MetadataJson): PlanNumber | ReadFailure {
  if (input.length > MAX_INPUT) return 'TOO_LONG'
  // Two digits, or three and more, make a "viable" number; one or two after a `+` are too short.
  if (!/^\d{2}$|\d{3}/.test(input)) return /\d/.test(input) ? 'TOO_SHORT' : 'NOT_A_NUMBER'

  const home = input.startsWith('+') ? undefined : findPlan(metadata, defaultCountry)
  let code: string | undefined
  let rest: string | undefined = input
  // Dialled out with the default country's call prefix (`000 44…` in Kenya): read as `+44…`.
  const afterIdd = home && stripIddPrefix(input, home.plan)
  if (afterIdd) rest = `+${afterIdd}`
  else if (home) {
    const shorter = withoutMissingPlus(input, home.plan, metadata)
    if (shorter !== undefined) [code, rest] = [home.plan[0], shorter]
  }
  if (rest.startsWith('+')) [code, rest] = splitCallingCode(rest, metadata) ?? []
  // A calling code selects its main region's plan; national digits, the default country's.
  const selected = code ? findPlanByCallingCode(metadata, code) : home
  if (!selected || rest === undefined) return 'INVALID_COUNTRY'
  if (!rest) return 'TOO_SHORT'
  const number = inRegion(metadata, selected.plan[0], extractNationalNumber(rest, selected.plan, metadata), code ? undefined : selected)
  if (!number) return 'INVALID_COUNTRY'
  if (number.nationalNumber.length < MIN_NATIONAL) return 'TOO_SHORT'
  if (number.nationalNumber.length > MAX_NATIONAL) return 'TOO_LONG'
  return number
}

/** What libphonenumber-js's `validatePhoneNumberLength` answers: why the length is wrong, or `undefined`. */
export function checkPhoneLength(text: string, defaultCountry: string | undefined, metadata: MetadataJson): ReadFailure | PlanLengthError | undefined {
  const read = readPhoneNumber(text, defaultCountry, metadata)
  return typeof read === 'string' ? read : checkPlanLength(read.nationalNumber, read.plan)
}

/** What the result shapers need of a number read on `metadata`: its E.164 form, country, type and validity. */
export function toPhoneReading(number: PlanNumber): PhoneReading {
  const type = getPhoneType(number.nationalNumber, number.plan)
  return { e164: `+${number.plan[0]}${number.nationalNumber}`, country: number.country, nationalNumber: number.nationalNumber, type, isValid: type !== undefined }
}

/** The reader `shapeParsedPhoneNumber` uses, bound to one metadata set (the covered countries', or a loaded region's). */
export function createPhoneReader(metadata: MetadataJson): PhoneReader {
  return {
    read(text, defaultCountry) {
      const number = readPhoneNumber(text, defaultCountry, metadata)
      return typeof number === 'string' ? undefined : toPhoneReading(number)
    },
    lengthError: (text, defaultCountry) => checkPhoneLength(text, defaultCountry, metadata),
  }
}
