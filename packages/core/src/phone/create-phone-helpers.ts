import type { Examples, MetadataJson } from 'libphonenumber-js/core'
import { cleanPhoneInput } from './clean-phone-input'
import { formatAsYouType } from './format-as-you-type'
import { formatPlanNumber } from './format-plan-number'
import { findPlan } from './phone-plan'
import type { ExamplePhoneNumber, PhoneHelpers } from './phone-types'
import { createPhoneReader, readPhoneNumber, toPhoneReading } from './read-phone-number'
import { shapeParsedPhoneNumber, shapePhoneAsYouType } from './shape-phone-result'

/**
 * The package's own small phone helpers (not libphonenumber-js's code) bound to a metadata set,
 * as `parsePhoneNumber` & co. are bound to the covered countries'. For metadata that uses only
 * the features they implement (`findUnsupportedPhoneFeatures` of the generation script lists the
 * others): every one of libphonenumber-js's 245 regions, as `loadPhoneRegions` loads them, does.
 * For any metadata, use {@link withPhoneMetadata}, which runs libphonenumber-js itself.
 */
export function createPhoneHelpers(metadata: MetadataJson, examples: Partial<Examples> = {}): PhoneHelpers {
  const country = (code: string | undefined): string | undefined => findPlan(metadata, code)?.country
  const reader = createPhoneReader(metadata)
  return {
    parsePhoneNumber: (input, defaultCountry) => shapeParsedPhoneNumber(reader, input, defaultCountry, country(defaultCountry)),
    formatPhoneAsYouType(input, defaultCountry) {
      const known = country(defaultCountry)
      const typed = formatAsYouType(cleanPhoneInput(input), known, metadata)
      return shapePhoneAsYouType(typed.formatted, typed.country ?? known, typed.number && toPhoneReading(typed.number))
    },
    getExampleNumber(iso2): ExamplePhoneNumber | undefined {
      const found = findPlan(metadata, iso2)
      const nationalNumber = found && examples[found.country as keyof Examples]
      if (!found || !nationalNumber) return undefined
      const number = { ...found, nationalNumber }
      return { e164: `+${found.plan[0]}${nationalNumber}`, national: formatPlanNumber(number, 'national', metadata), international: formatPlanNumber(number, 'international', metadata) }
    },
    formatPhoneNumber(e164, style = 'international') {
      const number = readPhoneNumber(cleanPhoneInput(e164), undefined, metadata)
      return typeof number === 'string' ? e164 : formatPlanNumber(number, style, metadata)
    },
  }
}
