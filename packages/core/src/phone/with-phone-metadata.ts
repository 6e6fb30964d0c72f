import {
  AsYouType,
  getExampleNumber as libGetExampleNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode as LibCountryCode,
  type Examples,
  type MetadataJson,
  type PhoneNumber,
} from 'libphonenumber-js/core'
import { cleanPhoneInput } from './clean-phone-input'
import type { ExamplePhoneNumber, PhoneAsYouType, PhoneHelpers } from './phone-types'
import { shapeParsedPhoneNumber, shapePhoneAsYouType, type PhoneReader, type PhoneReading } from './shape-phone-result'

const options = (country: LibCountryCode | undefined) => (country ? { defaultCountry: country } : {})

const optionalPrefixCopies = new WeakMap<MetadataJson, MetadataJson>()

/**
 * `metadata` with every format that adds the national prefix (`0$1`) marked
 * `national_prefix_optional_when_formatting`, so that `AsYouType` formats national input typed
 * without the prefix (`241234567` in Ghana: `24 123 4567`) instead of leaving it as typed. Only
 * that flag changes: it is read by `AsYouType` to choose formats and by `format()` with
 * `nationalPrefix: false`, which the helpers never pass.
 */
export function withOptionalNationalPrefix(metadata: MetadataJson): MetadataJson {
  let copy = optionalPrefixCopies.get(metadata)
  if (!copy) {
    // Compressed formats are `[pattern, layout, leading digits, prefix rule, prefix optional, ...]`.
    type Format = unknown[]
    const optional = (format: Format): Format => {
      const rule = format[3]
      if (typeof rule !== 'string' || /^\(?\$1\)?$/.test(rule)) return format
      const marked = [...format]
      marked[4] = 1
      return marked
    }
    const countries = Object.fromEntries(
      Object.entries(metadata.countries).map(([country, plan]) => {
        const copied = [...(plan as unknown as unknown[])]
        if (Array.isArray(copied[4])) copied[4] = (copied[4] as Format[]).map(optional)
        return [country, copied]
      }),
    )
    copy = { ...metadata, countries } as MetadataJson
    optionalPrefixCopies.set(metadata, copy)
  }
  return copy
}

const reading = (number: PhoneNumber): PhoneReading => ({
  e164: number.number,
  country: number.country,
  nationalNumber: number.nationalNumber,
  type: number.getType(),
  isValid: number.isValid(),
})

/**
 * Builds the phone helpers over a libphonenumber-js metadata set. The package's own
 * `parsePhoneNumber` & co. use metadata generated for the 14 covered countries only (and code
 * proven to answer as libphonenumber-js does on it); bind the full metadata to read, validate and
 * format numbers of every country (at ~80 kB of metadata and ~18 kB of libphonenumber-js more):
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
    country && Object.hasOwn(metadata.countries, country) ? (country as LibCountryCode) : undefined

  const reader: PhoneReader = {
    read(text, country) {
      const number = parsePhoneNumberFromString(text, options(asLibCountry(country)), metadata)
      return number && reading(number)
    },
    lengthError: (text, country) => validatePhoneNumberLength(text, options(asLibCountry(country)), metadata),
  }

  function formatPhoneAsYouType(input: string, country?: string): PhoneAsYouType {
    const lib = asLibCountry(country)
    const formatter = new AsYouType(options(lib), withOptionalNationalPrefix(metadata))
    const formatted = formatter.input(cleanPhoneInput(input))
    const number = formatter.getNumber()
    return shapePhoneAsYouType(formatted, formatter.getCountry() ?? lib, number && reading(number))
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

  return {
    parsePhoneNumber: (input, defaultCountry) => shapeParsedPhoneNumber(reader, input, defaultCountry, asLibCountry(defaultCountry)),
    formatPhoneAsYouType,
    getExampleNumber,
    formatPhoneNumber,
  }
}
