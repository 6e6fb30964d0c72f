import type { MetadataJson } from 'libphonenumber-js/core'

/**
 * A format of a numbering plan in libphonenumber-js's compressed metadata:
 * `[pattern, layout, leading digits patterns, national prefix formatting rule]`.
 */
export type PlanFormat = readonly [pattern: string, layout: string, leadingDigits?: readonly string[] | 0, nationalPrefixRule?: string | 0]

/** A number type of a plan: `[pattern, possible lengths]`, or `0` where the country has none of that type. */
export type PlanType = readonly [pattern: string, lengths?: readonly number[]] | 0

/**
 * One country's numbering plan in libphonenumber-js's compressed (version 4) metadata: only the
 * fields the hand-written phone code reads. `scripts/generate-phone-metadata.ts` checks that the
 * covered countries use no field beyond these.
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
  /** How numbers are grouped for display. */
  readonly 4?: readonly PlanFormat[] | 0
  /** National (trunk) prefix (`0`). */
  readonly 5?: string | 0
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

/** The plan a country calling code belongs to (the covered codes each have one country). */
export function findPlanByCallingCode(metadata: MetadataJson, callingCode: string): PlanOf | undefined {
  const codes = metadata.country_calling_codes as Partial<Record<string, readonly string[]>>
  return Object.hasOwn(codes, callingCode) ? findPlan(metadata, codes[callingCode]?.[0]) : undefined
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

/**
 * Drops the national prefix from a complete number, unless what is left could not be a number:
 * shorter than every possible length, of no possible length, or not matching the plan where the
 * whole did (as libphonenumber-js's `extractNationalNumber` decides).
 */
export function extractNationalNumber(number: string, plan: PhonePlan): string {
  const prefix = plan[5]
  if (!prefix || !number.startsWith(prefix)) return number
  const rest = number.slice(prefix.length)
  if (matchesEntirely(number, plan[2]) && !matchesEntirely(rest, plan[2])) return number
  const length = checkPlanLength(rest, plan)
  return length === 'TOO_SHORT' || length === 'INVALID_LENGTH' ? number : rest
}

/**
 * For national digits that start with the country's own calling code (`233241234567` typed in
 * Ghana), the digits after the code when they, and not the whole, read as a number of the plan,
 * or when the whole is too long: the user forgot the `+`.
 */
export function withoutMissingPlus(digits: string, plan: PhonePlan): string | undefined {
  const code = plan[0]
  if (!digits.startsWith(code)) return undefined
  const shorter = digits.slice(code.length)
  const whole = extractNationalNumber(digits, plan)
  const readsShorter = !matchesEntirely(whole, plan[2]) && matchesEntirely(extractNationalNumber(shorter, plan), plan[2])
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
