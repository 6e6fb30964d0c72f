import metadataMax from 'libphonenumber-js/metadata.max.json'
import examplesMobile from 'libphonenumber-js/examples.mobile.json'
import { parsePhoneNumberFromString, type CountryCode as LibCountryCode, type MetadataJson } from 'libphonenumber-js/core'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildPhoneMetadata, findUnsupportedPhoneFeatures, GENERATED_PATH, renderPhoneMetadataModule } from '../../scripts/generate-phone-metadata'
import { COUNTRIES } from './countries'
import { coveredPhoneMetadata } from './phone-metadata.gen'

/** Numbers to compare for one country: its example, each digit position varied, and wrong lengths. */
function numbersFor(iso2: LibCountryCode): string[] {
  const example = examplesMobile[iso2]
  const dial = metadataMax.countries[iso2]?.[0] ?? ''
  const national = [example, example.slice(0, -1), example.slice(0, -3), `${example}1`, `${example}123`]
  for (let position = 0; position < 3; position++) {
    for (let digit = 0; digit <= 9; digit++) {
      national.push(example.slice(0, position) + String(digit) + example.slice(position + 1))
    }
  }
  return national.flatMap((n) => [`+${dial}${n}`, `0${n}`, n])
}

const inCoveredCallingCode = (e164: string | undefined) =>
  e164 === undefined || COUNTRIES.some((c) => e164.startsWith(`+${c.dialCode}`))

describe('generated phone metadata', () => {
  it('is up to date with the installed libphonenumber-js (run `pnpm --filter @hakiki/core generate:phone`)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(renderPhoneMetadataModule(buildPhoneMetadata()))
  })

  it('uses only metadata features the hand-written phone helpers implement', () => {
    expect(findUnsupportedPhoneFeatures(coveredPhoneMetadata)).toEqual([])
  })

  it('tells the features the phone helpers do not implement, as in the full metadata', () => {
    const problems = findUnsupportedPhoneFeatures(metadataMax)
    // Only the non-geographic codes (+800, +882, ...), which have no region to offer, are left.
    expect(problems).toEqual([expect.stringMatching(/^non-geographic calling codes 800, /)])
    const plan = (metadataMax.countries as Record<string, unknown[]>).GB ?? []
    const withField6 = { ...metadataMax, nonGeographic: {}, countries: { GB: Object.assign([...plan], { 6: '0$1' }) } }
    expect(findUnsupportedPhoneFeatures(withField6 as unknown as MetadataJson)).toEqual(['GB: field 6 ("0$1")'])
  })

  it('holds exactly the covered countries', () => {
    expect(Object.keys(coveredPhoneMetadata.countries).toSorted()).toEqual(COUNTRIES.map((c) => c.iso2).toSorted())
  })

  it.each(COUNTRIES.map((c) => c.iso2))('gives %s the same validity, type and E.164 as the full max metadata', (iso2) => {
    const numbers = numbersFor(iso2)
    const read = (metadata: typeof metadataMax) =>
      numbers.map((input) => {
        const n = parsePhoneNumberFromString(input, { defaultCountry: iso2 }, metadata)
        return { input, e164: n?.number, valid: n?.isValid(), type: n?.getType(), country: n?.country }
      })
    const generated = read(coveredPhoneMetadata)
    const full = read(metadataMax)
    // Some inputs are read by the full metadata as another country's number ("00…" is the
    // international prefix, so `0` + `0195…` becomes +1 95…). Those are outside the covered set:
    // the generated metadata must not call them valid; every other row must match exactly.
    const outside = full.filter((row) => !inCoveredCallingCode(row.e164)).map((row) => row.input)
    expect(generated.filter((row) => outside.includes(row.input) && row.valid)).toEqual([])
    expect(generated.filter((row) => !outside.includes(row.input))).toEqual(full.filter((row) => !outside.includes(row.input)))
    expect(outside.length).toBeLessThan(numbers.length / 4)
    // The table must exercise both outcomes, or the comparison proves little.
    expect(generated.some((r) => r.valid)).toBe(true)
    expect(generated.some((r) => r.valid === false)).toBe(true)
  })
})
