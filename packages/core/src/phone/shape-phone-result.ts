import type { PhoneNumberType } from 'libphonenumber-js/core'
import { cleanPhoneInput } from './clean-phone-input'
import { isCoveredCountry } from './countries'
import { isE164 } from '../rules/e164'
import type { InvalidPhoneNumber, ParsedPhoneNumber, PhoneAsYouType, PhoneNumberError } from './phone-types'

/**
 * What a metadata backend makes of cleaned input: the covered-countries code of this package, or
 * libphonenumber-js over full metadata (`withPhoneMetadata`). Both go through the functions below,
 * so they answer alike.
 */
export interface PhoneReading {
  e164: string
  country: string | undefined
  nationalNumber: string
  type: PhoneNumberType | undefined
  isValid: boolean
}

/** How a backend reads cleaned input in a default country the metadata has (or none). */
export interface PhoneReader {
  /** The number, or `undefined` when the digits cannot be read as one. */
  read(text: string, country: string | undefined): PhoneReading | undefined
  /** libphonenumber-js's `validatePhoneNumberLength` answer (`TOO_SHORT`, ...), or `undefined`. */
  lengthError(text: string, country: string | undefined): string | undefined
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
 * `parsePhoneNumber` over a backend: cleans the input, reads it in `country` (a country the
 * metadata has, else `undefined`; `requested` is what the caller asked for) and says why a number
 * cannot be used.
 */
export function shapeParsedPhoneNumber(reader: PhoneReader, input: string, requested: string | undefined, country: string | undefined): ParsedPhoneNumber {
  const text = cleanPhoneInput(input)
  if (!/[0-9]/.test(text)) return invalid('not_a_number')
  if (!text.startsWith('+') && !country) {
    // A national number with no country to read it in: a known but uncovered default country
    // is the reason worth telling; otherwise the user has to type the `+` and country code.
    return invalid(requested ? 'unsupported_country' : 'invalid')
  }
  const number = reader.read(text, country)
  if (!number) return invalid(LENGTH_ERRORS[reader.lengthError(text, country) ?? ''] ?? 'invalid')
  const found = { e164: number.e164, country: number.country, nationalNumber: number.nationalNumber, type: number.type }
  if (!number.isValid) {
    const error = LENGTH_ERRORS[reader.lengthError(text, country) ?? ''] ?? (number.country ? 'invalid' : 'unsupported_country')
    return invalid(error, found)
  }
  // Valid in the metadata but past E.164's 15 digits (Nigeria's 14-digit national numbers): no
  // network delivers to it, and the proxy and the API refuse it, so the field does too.
  if (!isE164(number.e164)) return invalid('too_long', found)
  if (!isCoveredCountry(number.country)) return invalid('unsupported_country', { ...found, isValid: true })
  return { ...found, country: number.country, isValid: true, isCovered: true }
}

/** `formatPhoneAsYouType`'s result from what a backend's formatter gave. */
export function shapePhoneAsYouType(formatted: string, country: string | undefined, number: PhoneReading | undefined): PhoneAsYouType {
  const result: PhoneAsYouType = { formatted }
  if (country) result.country = country
  if (number?.isValid && isCoveredCountry(number.country) && isE164(number.e164)) result.e164 = number.e164
  return result
}
