/**
 * Phone helpers over metadata generated for the 14 covered countries only (~2 kB gzip instead of
 * the ~80 kB of libphonenumber-js's `max` set). Numbers of other countries come back as
 * `unsupported_country`; for full metadata, see `withPhoneMetadata`.
 *
 * They read that metadata with the small functions of `read-phone-number.ts`,
 * `format-plan-number.ts` and `format-as-you-type.ts` instead of libphonenumber-js (~18 kB gzip
 * for parsing and `AsYouType`, which would blow a phone field's 20 kB budget; these are ~4 kB,
 * shared with `createPhoneHelpers` for the regions loaded on demand); each is a plain
 * top-level function, so a bundle keeps only the ones it calls. `phone-equivalence.test.ts` proves
 * every answer here equal to `withPhoneMetadata(coveredPhoneMetadata, coveredPhoneExamples)`,
 * i.e. to libphonenumber-js on the same metadata.
 */
import { cleanPhoneInput } from './clean-phone-input'
import { formatAsYouType } from './format-as-you-type'
import { formatPlanNumber } from './format-plan-number'
import { findPlan } from './phone-plan'
import { coveredPhoneExamples, coveredPhoneMetadata } from './phone-metadata.gen'
import type { ExamplePhoneNumber, ParsedPhoneNumber, PhoneAsYouType } from './phone-types'
import { createPhoneReader, readPhoneNumber, toPhoneReading } from './read-phone-number'
import { shapeParsedPhoneNumber, shapePhoneAsYouType } from './shape-phone-result'

const coveredCountry = (country: string | undefined): string | undefined => findPlan(coveredPhoneMetadata, country)?.country

// Pure: a bundler may drop the reader from a bundle that uses none of the helpers below.
const coveredReader = /* @__PURE__ */ createPhoneReader(coveredPhoneMetadata)

/**
 * Parses and validates a typed phone number against the covered countries.
 *
 * @param input What the user typed: `+233 24 123 4567`, `0241234567` (with `defaultCountry`),
 *   `00233…`, `+233 (0)24…`, Arabic-Indic digits.
 * @param defaultCountry ISO code to read a national number in (`GH`).
 */
export function parsePhoneNumber(input: string, defaultCountry?: string): ParsedPhoneNumber {
  return shapeParsedPhoneNumber(coveredReader, input, defaultCountry, coveredCountry(defaultCountry))
}

/** Formats a phone number as it is typed; `e164` is set once it is a valid covered number. */
export function formatPhoneAsYouType(input: string, country?: string): PhoneAsYouType {
  const covered = coveredCountry(country)
  const typed = formatAsYouType(cleanPhoneInput(input), covered, coveredPhoneMetadata)
  return shapePhoneAsYouType(typed.formatted, typed.country ?? covered, typed.number && toPhoneReading(typed.number))
}

/** A mobile example number of a covered country, for placeholders. */
export function getExampleNumber(country: string): ExamplePhoneNumber | undefined {
  const found = findPlan(coveredPhoneMetadata, country)
  const nationalNumber = found && coveredPhoneExamples[found.country as keyof typeof coveredPhoneExamples]
  if (!found || !nationalNumber) return undefined
  const number = { ...found, nationalNumber }
  return { e164: `+${found.plan[0]}${nationalNumber}`, national: formatPlanNumber(number, 'national', coveredPhoneMetadata), international: formatPlanNumber(number, 'international', coveredPhoneMetadata) }
}

/** Formats an E.164 number for display (`+233 24 123 4567`, or `024 123 4567` for `national`). */
export function formatPhoneNumber(e164: string, style: 'national' | 'international' = 'international'): string {
  const number = readPhoneNumber(cleanPhoneInput(e164), undefined, coveredPhoneMetadata)
  return typeof number === 'string' ? e164 : formatPlanNumber(number, style, coveredPhoneMetadata)
}
