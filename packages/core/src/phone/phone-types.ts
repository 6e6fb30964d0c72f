import type { PhoneNumberType } from 'libphonenumber-js/core'
import type { CountryCode } from './countries'

/** Why a phone number cannot receive a code. */
export type PhoneNumberError = 'too_short' | 'too_long' | 'invalid' | 'unsupported_country' | 'not_a_number'

/** A number the API can send a code to: valid and in a covered country. */
export interface ValidPhoneNumber {
  /** E.164 form (`+233241234567`): what `start()` takes as `to`. */
  e164: string
  country: CountryCode
  /** National significant number, without trunk prefix (`241234567`). */
  nationalNumber: string
  /** `MOBILE`, `FIXED_LINE`, ... when the metadata knows; SMS only reaches mobiles. */
  type: PhoneNumberType | undefined
  isValid: true
  isCovered: true
  error?: undefined
}

/** A number that cannot be used, with the reason in `error`. */
export interface InvalidPhoneNumber {
  /** E.164 form when the digits could be read at all, even if not a valid number. */
  e164: string | undefined
  /** ISO code when it could be told; with full metadata, may be a country outside the covered list. */
  country: string | undefined
  nationalNumber: string | undefined
  type: PhoneNumberType | undefined
  /** True for a valid number of an uncovered country (only possible with full metadata). */
  isValid: boolean
  isCovered: boolean
  error: PhoneNumberError
}

/** Result of `parsePhoneNumber`: narrow on `error === undefined` (or `isValid && isCovered`). */
export type ParsedPhoneNumber = ValidPhoneNumber | InvalidPhoneNumber

/** Result of `formatPhoneAsYouType`. */
export interface PhoneAsYouType {
  /** The input formatted so far (`024 123 4`), for the field's value. */
  formatted: string
  /** Set once the digits form a valid number of a covered country. */
  e164?: string
  /** The country the digits belong to, when known (from the `+` prefix or the default). */
  country?: string
}

/** An example number of a country, for placeholders. */
export interface ExamplePhoneNumber {
  e164: string
  /** National format with trunk prefix (`024 123 4567`). */
  national: string
  /** International format (`+233 24 123 4567`). */
  international: string
}

/** The phone helpers bound to one metadata set; see `withPhoneMetadata`. */
export interface PhoneHelpers {
  /** Parses and validates a typed number; national numbers are read in `defaultCountry`. */
  parsePhoneNumber(input: string, defaultCountry?: string): ParsedPhoneNumber
  /** Formats a number as it is typed, for a phone field. */
  formatPhoneAsYouType(input: string, country?: string): PhoneAsYouType
  /** A mobile example number of `country`, or `undefined` when the metadata has none. */
  getExampleNumber(country: string): ExamplePhoneNumber | undefined
  /** Formats a stored E.164 number for display; returns the input unchanged when it cannot be parsed. */
  formatPhoneNumber(e164: string, style?: 'national' | 'international'): string
}
