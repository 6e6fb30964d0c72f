import type { MetadataJson } from 'libphonenumber-js/core'

/**
 * A format of a numbering plan in libphonenumber-js's compressed metadata: `[pattern, layout,
 * leading digits patterns, national prefix formatting rule, national prefix optional when
 * formatting, international layout]`.
 */
export type PlanFormat = readonly [
  pattern: string,
  layout: string,
  leadingDigits?: readonly string[] | 0,
  nationalPrefixRule?: string | 0,
  prefixOptional?: number | 0,
  internationalLayout?: string | 0,
]

/** A number type of a plan: `[pattern, possible lengths]`, or `0` where the country has none of that type. */
export type PlanType = readonly [pattern: string, lengths?: readonly number[]] | 0

/**
 * One country's numbering plan in libphonenumber-js's compressed (version 4) metadata: only the
 * fields the hand-written phone code reads. `scripts/generate-phone-metadata.ts` checks that the
 * generated regions use no field beyond these.
 */
export interface PhonePlan {
  /** Country calling code (`233`). */
  readonly 0: string
  /** International call prefix pattern (`00`, Kenya's `000`, Uganda's `00[057]`). */
  readonly 1: string
  /** Pattern every valid national significant number matches. */
  readonly 2: string
  /** Possible lengths of a national significant number, ascending. */
  readonly 3: readonly number[]
  /** How numbers are grouped for display; a region without its own uses its calling code's main region's. */
  readonly 4?: readonly PlanFormat[] | 0
  /** National (trunk) prefix (`0`). */
  readonly 5?: string | 0
  /** National prefix for parsing, when it is not just field 5 (`0|180020` in Britain, carrier codes in Brazil). */
  readonly 7?: string | 0
  /** What a national prefix for parsing with groups becomes (`268$1` in Antigua, `9$1` in Argentina). */
  readonly 8?: string | 0
  /** Leading digits telling this region's numbers from the others of its shared calling code (`268`). */
  readonly 10?: string | 0
  /** Patterns per number type, in libphonenumber-js's order (fixed line, mobile, toll free, ...). */
  readonly 11?: readonly PlanType[] | 0
}

/** A country of the metadata with its plan. */
export interface PlanOf {
  country: string
  plan: PhonePlan
}

/** The plan of `country`, when the metadata has it (own keys only: `constructor` is no country). */
export function findPlan(metadata: MetadataJson, country: string | undefined): PlanOf | undefined {
  const countries = metadata.countries as Partial<Record<string, PhonePlan>>
  const plan = country && Object.hasOwn(countries, country) ? countries[country] : undefined
  return plan && country ? { country, plan } : undefined
}

/** The regions of a calling code in the metadata, its main region first (`1` → US, AG, ...). */
export function countriesOf(metadata: MetadataJson, callingCode: string): readonly string[] | undefined {
  const codes = metadata.country_calling_codes as Partial<Record<string, readonly string[]>>
  return Object.hasOwn(codes, callingCode) ? codes[callingCode] : undefined
}

/** The plan of a calling code's main region (US for +1, GB for +44), as libphonenumber-js selects one by calling code. */
export function findPlanByCallingCode(metadata: MetadataJson, callingCode: string): PlanOf | undefined {
  return findPlan(metadata, countriesOf(metadata, callingCode)?.[0])
}

/** The formats of a plan: its own, else its calling code's main region's (NANP regions use the US's). */
export function formatsOf(metadata: MetadataJson, plan: PhonePlan): readonly PlanFormat[] {
  return plan[4] || findPlanByCallingCode(metadata, plan[0])?.plan[4] || []
}

/** `text` matches `pattern` from start to end. */
export function matchesEntirely(text: string, pattern: string): boolean {
  return new RegExp(`^(?:${pattern})$`).test(text)
}

/** Why a national number's length is not possible; `undefined` when it is. */
export type PlanLengthError = 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_LENGTH'

/** Checks a national significant number's length against the plan's possible lengths. */
export function checkPlanLength(nationalNumber: string, plan: PhonePlan): PlanLengthError | undefined {
  const lengths = plan[3]
  const { length } = nationalNumber
  if (length < (lengths[0] ?? 0)) return 'TOO_SHORT'
  if (length > (lengths.at(-1) ?? 0)) return 'TOO_LONG'
  return lengths.includes(length) ? undefined : 'INVALID_LENGTH'
}

/** Types other than fixed line, in the order libphonenumber-js tries them, with their index in a plan. */
const OTHER_TYPES = [
  ['MOBILE', 1],
  ['PREMIUM_RATE', 3],
  ['TOLL_FREE', 2],
  ['SHARED_COST', 9],
  ['VOIP', 8],
  ['PERSONAL_NUMBER', 4],
  ['PAGER', 7],
  ['UAN', 6],
  ['VOICEMAIL', 5],
] as const

/** libphonenumber-js's number types. */
export type PlanNumberType = 'FIXED_LINE' | 'FIXED_LINE_OR_MOBILE' | (typeof OTHER_TYPES)[number][0]

/**
 * The type of a national significant number (`MOBILE`, `FIXED_LINE`, ...), or `undefined` when it
 * is no valid number of the plan: with per-type patterns, valid means of some type.
 */
export function getPhoneType(nationalNumber: string, plan: PhonePlan): PlanNumberType | undefined {
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

/**
 * The region of a calling code a national number belongs to (libphonenumber-js's
 * `getCountryByCallingCode`): the only one, else the first whose leading digits (field 10) start
 * the number or, for a region without them, whose number types it matches.
 */
export function countryByNationalNumber(metadata: MetadataJson, callingCode: string, nationalNumber: string): string | undefined {
  const countries = countriesOf(metadata, callingCode)
  if (!countries || countries.length < 2) return countries?.[0]
  return countries.find((country) => {
    const plan = findPlan(metadata, country)?.plan
    const leading = plan?.[10]
    return plan && (leading ? new RegExp(`^(?:${leading})`).test(nationalNumber) : !!getPhoneType(nationalNumber, plan))
  })
}

/** What {@link extractNationalPrefix} took off, as libphonenumber-js's `extractNationalNumberFromPossiblyIncompleteNumber` says it. */
export interface PrefixExtraction {
  nationalNumber: string
  nationalPrefix?: string | undefined
}

/**
 * Takes the national prefix for parsing (field 7, else the national prefix) off national digits,
 * rewriting them with the transform rule (field 8) when the prefix captured digits (`2345678` →
 * `3402345678` in the US Virgin Islands, carrier codes dropped in Brazil), even from a number still
 * being typed.
 */
export function extractNationalPrefix(number: string, plan: PhonePlan): PrefixExtraction {
  const forParsing = plan[7] || plan[5]
  const pattern = new RegExp(`^(?:${forParsing})`)
  const match = number && forParsing ? pattern.exec(number) : undefined
  if (!match) return { nationalNumber: number }
  const groups = match.length - 1
  const captured = groups > 0 && match[groups]
  const transform = plan[8]
  const nationalNumber = transform && captured ? number.replace(pattern, transform) : number.slice(match[0].length)
  // The prefix is the national prefix only when what comes before the first captured group is it.
  const nationalPrefix = captured ? (number.slice(0, number.indexOf(String(match[1]))) === plan[5] ? plan[5] : undefined) : match[0]
  return { nationalNumber, nationalPrefix }
}

/**
 * Drops the national prefix from a complete number, unless what is left could not be a number:
 * shorter than every possible length, of no possible length, or not matching the plan where the
 * whole did (as libphonenumber-js's `extractNationalNumber` decides, with the lengths of the
 * region of a shared calling code the rest belongs to).
 */
export function extractNationalNumber(number: string, plan: PhonePlan, metadata: MetadataJson): string {
  const { nationalNumber } = extractNationalPrefix(number, plan)
  if (nationalNumber === number) return number
  if (matchesEntirely(number, plan[2]) && !matchesEntirely(nationalNumber, plan[2])) return number
  const country = countryByNationalNumber(metadata, plan[0], nationalNumber)
  const length = checkPlanLength(nationalNumber, findPlan(metadata, country)?.plan ?? plan)
  return length === 'TOO_SHORT' || length === 'INVALID_LENGTH' ? number : nationalNumber
}

/**
 * For national digits that start with the country's own calling code (`233241234567` typed in
 * Ghana), the digits after the code when they, and not the whole, read as a number of the plan,
 * or when the whole is too long: the user forgot the `+`.
 */
export function withoutMissingPlus(digits: string, plan: PhonePlan, metadata: MetadataJson): string | undefined {
  const code = plan[0]
  if (!digits.startsWith(code)) return undefined
  const shorter = digits.slice(code.length)
  const whole = extractNationalNumber(digits, plan, metadata)
  const readsShorter = !matchesEntirely(whole, plan[2]) && matchesEntirely(extractNationalNumber(shorter, plan, metadata), plan[2])
  return readsShorter || checkPlanLength(whole, plan) === 'TOO_LONG' ? shorter : undefined
}

/**
 * The digits after the plan's international call prefix (`00233…` → `233…` in Ghana, `000…` in
 * Kenya), or `undefined` when `digits` do not start with it or a 0 follows it (as
 * libphonenumber-js's `stripIddPrefix` decides: no calling code starts with 0).
 */
export function stripIddPrefix(digits: string, plan: PhonePlan): string | undefined {
  const idd = new RegExp(plan[1])
  const match = idd.exec(digits)
  if (!match || match.index !== 0) return undefined
  const rest = digits.slice(match[0].length)
  return rest.startsWith('0') ? undefined : rest
}
