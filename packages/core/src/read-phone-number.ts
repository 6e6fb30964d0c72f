import type { MetadataJson, PhoneNumberType } from 'libphonenumber-js/core'
import type { PhoneReader, PhoneReading } from './shape-phone-result'
import { checkPlanLength, extractNationalNumber, findPlan, findPlanByCallingCode, matchesEntirely, stripIddPrefix, withoutMissingPlus, type PhonePlan, type PlanLengthError, type PlanOf } from './phone-plan'

/**
 * Reading numbers written here rather than with libphonenumber-js's `parsePhoneNumber`: that pulls
 * in its metadata class, `PhoneNumber`, extension and RFC 3966 parsing and error classes, ~9 kB
 * gzip for features the covered countries do not use. These functions follow its steps for the
 * metadata features they do use (`scripts/generate-phone-metadata.ts` refuses any other), and
 * `phone-equivalence.test.ts` proves the answers equal to libphonenumber-js's on that metadata.
 */

/** A number read from `+` and digits: its country, plan and national significant number. */
export interface PlanNumber extends PlanOf {
  nationalNumber: string
}

/** Why digits could not be read as a number at all (libphonenumber-js's `ParseError` codes). */
export type ReadFailure = 'NOT_A_NUMBER' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_COUNTRY'

/** Longest input libphonenumber-js reads, and the national number lengths it accepts. */
const MAX_INPUT = 250
const MIN_NATIONAL = 2
const MAX_NATIONAL = 17

/**
 * Reads cleaned input (`+` and ASCII digits, see `cleanPhoneInput`) as libphonenumber-js's
 * `parsePhoneNumber` does for plans like the covered countries': `+` then a calling code, or
 * national digits in `defaultCountry` (with its national prefix, or its calling code without `+`),
 * or `defaultCountry`'s international call prefix then a calling code.
 * Whether the number is valid is a separate question: see {@link getPhoneType}.
 */
export function readPhoneNumber(input: string, defaultCountry: string | undefined, metadata: MetadataJson): PlanNumber | ReadFailure {
  if (input.length > MAX_INPUT) return 'TOO_LONG'
  // Two digits, or three and more, make a "viable" number; one or two after a `+` are too short.
  if (!/^\d{2}$|\d{3}/.test(input)) return /\d/.test(input) ? 'TOO_SHORT' : 'NOT_A_NUMBER'

  let found: PlanOf | undefined
  const home = input.startsWith('+') ? undefined : findPlan(metadata, defaultCountry)
  // Dialled out with the default country's call prefix (`000 44…` in Kenya): read as `+44…`.
  const afterIdd = home && stripIddPrefix(input, home.plan)
  const text = afterIdd ? `+${afterIdd}` : input
  let rest = text
  if (text.startsWith('+')) {
    // Calling codes are one to three digits and never start with 0.
    for (let end = 2; end <= 4 && end <= text.length && text[1] !== '0' && !found; end++) {
      found = findPlanByCallingCode(metadata, text.slice(1, end))
      rest = text.slice(end)
    }
  } else {
    found = home
    if (found) rest = withoutMissingPlus(text, found.plan) ?? text
  }
  if (!found) return 'INVALID_COUNTRY'
  const nationalNumber = extractNationalNumber(rest, found.plan)
  if (nationalNumber.length < MIN_NATIONAL) return 'TOO_SHORT'
  if (nationalNumber.length > MAX_NATIONAL) return 'TOO_LONG'
  return { ...found, nationalNumber }
}

/** What libphonenumber-js's `validatePhoneNumberLength` answers: why the length is wrong, or `undefined`. */
export function checkPhoneLength(text: string, defaultCountry: string | undefined, metadata: MetadataJson): ReadFailure | PlanLengthError | undefined {
  const read = readPhoneNumber(text, defaultCountry, metadata)
  return typeof read === 'string' ? read : checkPlanLength(read.nationalNumber, read.plan)
}

/** Types other than fixed line, in the order libphonenumber-js tries them, with their index in a plan. */
const OTHER_TYPES: readonly (readonly [PhoneNumberType, number])[] = [
  ['MOBILE', 1],
  ['PREMIUM_RATE', 3],
  ['TOLL_FREE', 2],
  ['SHARED_COST', 9],
  ['VOIP', 8],
  ['PERSONAL_NUMBER', 4],
  ['PAGER', 7],
  ['UAN', 6],
  ['VOICEMAIL', 5],
]

/**
 * The type of a national significant number (`MOBILE`, `FIXED_LINE`, ...), or `undefined` when it
 * is no valid number of the plan: with per-type patterns, valid means of some type.
 */
export function getPhoneType(nationalNumber: string, plan: PhonePlan): PhoneNumberType | undefined {
  const types = plan[11] || []
  const isType = (index: number): boolean => {
    const type = types[index]
    return !!type && !!type[0] && (type[1] ?? plan[3]).includes(nationalNumber.length) && matchesEntirely(nationalNumber, type[0])
  }
  if (!matchesEntirely(nationalNumber, plan[2])) return undefined
  if (isType(0)) {
    const mobile = types[1]
    return !mobile || !mobile[0] || isType(1) ? 'FIXED_LINE_OR_MOBILE' : 'FIXED_LINE'
  }
  return OTHER_TYPES.find(([, index]) => isType(index))?.[0]
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
