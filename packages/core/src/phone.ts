/**
 * Phone helpers over metadata generated for the 14 covered countries only (~3 kB instead of the
 * ~80 kB of libphonenumber-js's `max` set). Numbers of other countries come back as
 * `unsupported_country`; for full metadata, see `withPhoneMetadata`.
 */
import { coveredPhoneExamples, coveredPhoneMetadata } from './phone-metadata.gen'
import {
  withPhoneMetadata,
  type ExamplePhoneNumber,
  type ParsedPhoneNumber,
  type PhoneAsYouType,
  type PhoneHelpers,
} from './with-phone-metadata'

// Built on first use, not at import, so a bundle that never touches phone numbers drops it all.
let covered: PhoneHelpers | undefined
const helpers = (): PhoneHelpers => (covered ??= withPhoneMetadata(coveredPhoneMetadata, coveredPhoneExamples))

/**
 * Parses and validates a typed phone number against the covered countries.
 *
 * @param input What the user typed: `+233 24 123 4567`, `0241234567` (with `defaultCountry`),
 *   `00233…`, `+233 (0)24…`, Arabic-Indic digits.
 * @param defaultCountry ISO code to read a national number in (`GH`).
 */
export function parsePhoneNumber(input: string, defaultCountry?: string): ParsedPhoneNumber {
  return helpers().parsePhoneNumber(input, defaultCountry)
}

/** Formats a phone number as it is typed; `e164` is set once it is a valid covered number. */
export function formatPhoneAsYouType(input: string, country?: string): PhoneAsYouType {
  return helpers().formatPhoneAsYouType(input, country)
}

/** A mobile example number of a covered country, for placeholders. */
export function getExampleNumber(country: string): ExamplePhoneNumber | undefined {
  return helpers().getExampleNumber(country)
}

/** Formats an E.164 number for display (`+233 24 123 4567`, or `024 123 4567` for `national`). */
export function formatPhoneNumber(e164: string, style?: 'national' | 'international'): string {
  return helpers().formatPhoneNumber(e164, style)
}
