import {
  AsYouType,
  getExampleNumber as libGetExampleNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode as LibCountryCode,
  type Examples,
  type MetadataJson,
  type PhoneNumberType,
} from 'libphonenumber-js/core'
import { cleanPhoneInput } from './clean-phone-input'
import { isCoveredCountry, type CountryCode } from './countries'

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

/** The phone helpers bound to one metadata set; see {@link withPhoneMetadata}. */
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

function invalid(error: PhoneNumberError, partial: Partial<InvalidPhoneNumber> = {}): InvalidPhoneNumber {
  return {
    e164: undefined,
    country: undefined,
    nationalNumber: undefined,
    type: undefined,
    isValid: false,
    isCovered: false,
    ...partial,
    error,
  }
}

const LENGTH_ERRORS: Partial<Record<string, PhoneNumberError>> = {
  TOO_SHORT: 'too_short',
  TOO_LONG: 'too_long',
  NOT_A_NUMBER: 'not_a_number',
  INVALID_COUNTRY: 'unsupported_country',
}

/**
 * Builds the phone helpers over a libphonenumber-js metadata set. The package's own
 * `parsePhoneNumber` & co. use metadata generated for the 14 covered countries only; bind the full
 * metadata to read, validate and format numbers of every country (at ~80 kB more):
 *
 * ```ts
 * import metadata from 'libphonenumber-js/metadata.max.json'
 * import examples from 'libphonenumber-js/examples.mobile.json'
 * const phone = withPhoneMetadata(metadata, examples)
 * phone.parsePhoneNumber('+44 20 7946 0000') // isValid: true, isCovered: false, error: 'unsupported_country'
 * ```
 *
 * Use the `max` metadata (not `min`): validity is then decided by the per-type patterns, as here.
 */
export function withPhoneMetadata(metadata: MetadataJson, examples: Partial<Examples> = {}): PhoneHelpers {
  const asLibCountry = (country: string | undefined): LibCountryCode | undefined =>
    country && metadata.countries[country as LibCountryCode] ? (country as LibCountryCode) : undefined

  function parsePhoneNumber(input: string, defaultCountry?: string): ParsedPhoneNumber {
    const text = cleanPhoneInput(input)
    if (!/[0-9]/.test(text)) return invalid('not_a_number')

    const country = asLibCountry(defaultCountry)
    if (!text.startsWith('+') && !country) {
      // A national number with no country to read it in: a known but uncovered default country
      // is the reason worth telling; otherwise the user has to type the `+` and country code.
      return invalid(defaultCountry ? 'unsupported_country' : 'invalid')
    }
    const number = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : {}, metadata)
    if (!number) {
      const reason = validatePhoneNumberLength(text, country ? { defaultCountry: country } : {}, metadata)
      return invalid((reason && LENGTH_ERRORS[reason]) ?? 'invalid')
    }
    const found = {
      e164: number.number,
      country: number.country,
      nationalNumber: number.nationalNumber,
      type: number.getType(),
    }
    if (!number.isValid()) {
      const reason = validatePhoneNumberLength(text, country ? { defaultCountry: country } : {}, metadata)
      const error = (reason && LENGTH_ERRORS[reason]) ?? (number.country ? 'invalid' : 'unsupported_country')
      return invalid(error, found)
    }
    if (!isCoveredCountry(number.country)) {
      return invalid('unsupported_country', { ...found, isValid: true })
    }
    return { ...found, country: number.country, isValid: true, isCovered: true }
  }

  function formatPhoneAsYouType(input: string, country?: string): PhoneAsYouType {
    const lib = asLibCountry(country)
    const formatter = new AsYouType(lib ? { defaultCountry: lib } : {}, metadata)
    const formatted = formatter.input(cleanPhoneInput(input))
    const result: PhoneAsYouType = { formatted }
    const detected = formatter.getCountry() ?? lib
    if (detected) result.country = detected
    const number = formatter.getNumber()
    if (number?.isValid() && isCoveredCountry(number.country)) result.e164 = number.number
    return result
  }

  function getExampleNumber(country: string): ExamplePhoneNumber | undefined {
    const lib = asLibCountry(country)
    const number = lib && examples[lib] ? libGetExampleNumber(lib, examples as Examples, metadata) : undefined
    if (!number) return undefined
    return { e164: number.number, national: number.formatNational(), international: number.formatInternational() }
  }

  function formatPhoneNumber(e164: string, style: 'national' | 'international' = 'international'): string {
    const number = parsePhoneNumberFromString(cleanPhoneInput(e164), metadata)
    if (!number) return e164
    return style === 'national' ? number.formatNational() : number.formatInternational()
  }

  return { parsePhoneNumber, formatPhoneAsYouType, getExampleNumber, formatPhoneNumber }
}
