import * as fc from 'fast-check'
import metadataMax from 'libphonenumber-js/metadata.max.json'
import { AsYouType, parsePhoneNumberFromString, type CountryCode as LibCountryCode, type Examples, type MetadataJson } from 'libphonenumber-js/core'
import { afterAll, describe, expect, it } from 'vitest'
import { findUnsupportedPhoneFeatures, regionMetadata } from '../../scripts/generate-phone-metadata'
import { cleanPhoneInput } from './clean-phone-input'
import { COUNTRIES } from './countries'
import { createPhoneHelpers } from './create-phone-helpers'
import { getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, loadPhoneRegions, PHONE_REGIONS } from './load-phone-regions'
import * as covered from './phone'
import { coveredPhoneExamples, coveredPhoneMetadata } from './phone-metadata.gen'
import type { PhonePlan } from './phone-plan'
import type { PhoneHelpers } from './phone-types'
import { withOptionalNationalPrefix, withPhoneMetadata } from './with-phone-metadata'

/**
 * A differential property test of the phone helpers against libphonenumber-js, on the same
 * metadata: random inputs written the ways people write numbers (digits, spaces and punctuation
 * between them, `(0)` after the calling code, an extension, `+`, the country's own call prefix,
 * the calling code without `+`, what the national prefix for parsing matches, Arabic-Indic digits)
 * read in random default countries.
 *
 * - Parsing: what we make of the **raw** input (cleaning included) against libphonenumber-js's
 *   `parsePhoneNumber` on the raw input: the same E.164, validity and number type; and the whole
 *   result (the error too: `too_short`, `too_long`, …) against libphonenumber-js on the cleaned input.
 * - As-you-type, key by key: every prefix of the input (what the field holds after each key)
 *   formatted as `AsYouType` formats it once cleaned (the field shows `+` and digits only, so it
 *   is compared on cleaned input), and the same E.164 once the number is valid.
 *
 * Seeded: every run checks the same inputs, in a few seconds. A failure prints the smallest input
 * fast-check could shrink it to.
 */
const SEED = 20_261_123

/**
 * Scales every run count, for a deeper search than CI's (`PHONE_DIFFERENTIAL_RUNS=20 pnpm exec
 * vitest run src/phone-differential.test.ts`, a few minutes), with another seed when
 * `PHONE_DIFFERENTIAL_SEED` is set.
 */
const SCALE = Number(process.env.PHONE_DIFFERENTIAL_RUNS ?? 1)
const BASE_SEED = Number(process.env.PHONE_DIFFERENTIAL_SEED ?? SEED)

/** What is compared: our helpers on a metadata set, and that set for libphonenumber-js. */
interface Subject {
  metadata: MetadataJson
  examples: Partial<Examples>
  ours: PhoneHelpers
  library: PhoneHelpers
  /** Default countries besides the number's own: another of the set, or one outside it. */
  others: readonly (string | undefined)[]
}

/** Call prefixes of 1 to 4 digits each country's pattern accepts (`00`; Kenya `000`; Uganda `000`, `005`, `007`). */
function callPrefixes(plan: PhonePlan): string[] {
  const pattern = new RegExp(`^(?:${plan[1]})$`)
  const found: string[] = []
  for (let length = 1; length <= 4; length++) {
    for (let n = 0; n < 10 ** length; n++) {
      const candidate = String(n).padStart(length, '0')
      if (pattern.test(candidate)) found.push(candidate)
    }
  }
  return found
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩'
const SEPARATORS = ['', '', '', ' ', ' ', '-', '.', '/', '(', ')'] as const
const EXTENSIONS = [' ext. ', ' ext ', ';ext=', ' x', ' #', ' extension '] as const

/** One country's numbers: its example mobile number, varied, or random digits of plausible lengths. */
function nationalNumber(example: string): fc.Arbitrary<string> {
  const varied = fc
    .tuple(fc.integer({ min: 0, max: example.length - 1 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: -2, max: 2 }))
    .map(([at, digit, resize]) => {
      const changed = example.slice(0, at) + String(digit) + example.slice(at + 1)
      return resize < 0 ? changed.slice(0, resize) : changed + '123'.slice(0, resize)
    })
  const random = fc
    .integer({ min: 1, max: 18 })
    .chain((length) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length }))
  return fc.oneof({ weight: 2, arbitrary: fc.constant(example) }, { weight: 4, arbitrary: varied }, { weight: 3, arbitrary: random })
}

interface Written {
  /** What the user typed or pasted. */
  text: string
  /** The default country it is read in. */
  country: string | undefined
}

/** A number of `iso2` written one of the ways people write numbers, read in some default country. */
function written(iso2: string, subject: Subject): fc.Arbitrary<Written> {
  const plan = (subject.metadata.countries as Record<string, PhonePlan>)[iso2]
  if (!plan) throw new Error(`no plan for ${iso2}`)
  const code = plan[0]
  const prefix = plan[5] || ''
  return fc
    .record({
      national: nationalNumber(subject.examples[iso2 as LibCountryCode] ?? '1'),
      form: fc.constantFrom('national', 'prefixed', 'plus', 'plus (0)', 'plus 0', 'idd', 'no plus', 'parsing prefix', 'parsing prefix alone'),
      // What the national prefix for parsing matches (Brazil's carrier codes, Antigua's 7-digit numbers, Britain's 180020).
      parsing: plan[7] ? fc.stringMatching(new RegExp(`^(?:${plan[7]})$`)) : fc.constant(prefix),
      idd: fc.constantFrom(...callPrefixes(plan)),
      separators: fc.array(fc.constantFrom(...SEPARATORS), { minLength: 20, maxLength: 20 }),
      extension: fc.option(fc.tuple(fc.constantFrom(...EXTENSIONS), fc.integer({ min: 1, max: 9999 })), { freq: 6 }),
      arabic: fc.boolean(),
      country: fc.constantFrom<string | undefined>(iso2, iso2, iso2, undefined, ...subject.others),
    })
    .map(({ national, form, parsing, idd, separators, extension, arabic, country }) => {
      const digits = {
        national,
        prefixed: prefix + national,
        'parsing prefix': parsing + national,
        'parsing prefix alone': parsing || prefix || national,
        plus: `+${code}${national}`,
        'plus (0)': `+${code}(0)${national}`,
        'plus 0': `+${code}0${national}`,
        idd: `${idd}${code}${national}`,
        'no plus': `${code}${national}`,
      }[form]
      // Separators between characters, never inside the `(0)` group or after the `+`.
      let text = ''
      let i = 0
      for (const char of digits) {
        text += char
        if (char !== '+' && char !== '(' && !(char === '0' && text.endsWith('(0'))) text += separators[i++ % separators.length] ?? ''
      }
      text = text.replace(/\(\s*\(/g, '(').trim()
      if (extension) text += `${extension[0]}${extension[1]}`
      if (arabic) text = text.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)] ?? d)
      // A home country that dials out with another prefix (Nigeria's 009) reads `00…` as national digits.
      return { text, country: form === 'idd' ? iso2 : country }
    })
}

/** The digits of a formatted number. */
const digits = (formatted: string): string => formatted.replace(/\D/g, '')

/** Inputs on which libphonenumber-js's `AsYouType` threw, reported at the end of the run. */
const libraryThrows = new Set<string>()

const libOptions = (metadata: MetadataJson, country: string | undefined) =>
  country && Object.hasOwn(metadata.countries, country) ? { defaultCountry: country as LibCountryCode } : {}

/** At most 15 digits: past E.164 no network delivers, and every package of the kit refuses it (see `rules/e164.ts`). */
const deliverable = (e164: string): boolean => e164.length <= 16

/** What libphonenumber-js reads in the raw input: E.164, validity and type, as our result names them. */
function libraryReading(metadata: MetadataJson, text: string, country: string | undefined) {
  const number = parsePhoneNumberFromString(text, libOptions(metadata, country), metadata)
  return number?.isValid() && deliverable(number.number) ? { e164: number.number, valid: true, type: number.getType(), country: number.country } : { e164: number?.number, valid: false }
}

function ourReading(ours: PhoneHelpers, text: string, country: string | undefined) {
  const parsed = ours.parsePhoneNumber(text, country)
  const valid = parsed.isValid && (parsed.error === undefined || parsed.error === 'unsupported_country')
  return valid ? { e164: parsed.e164, valid: true, type: parsed.type, country: parsed.country } : { e164: parsed.e164, valid: false }
}

/**
 * `AsYouType` on cleaned input, as the field feeds it after each key; with the national prefix
 * optional in every format, as the helpers format national input typed without it on purpose.
 */
function libraryAsYouType(metadata: MetadataJson, text: string, country: string | undefined) {
  const formatter = new AsYouType(libOptions(metadata, country), withOptionalNationalPrefix(metadata))
  return formatter.input(cleanPhoneInput(text))
}

/** Checks every property for one region of `subject`; `runs` scales the number of inputs. Returns how many inputs were valid numbers. */
function checkRegion(iso2: string, seed: number, subject: Subject, runs: { parse: number; typed: number }): number {
  const inputs = written(iso2, subject)
  const { metadata, ours, library } = subject
  let valid = 0
  fc.assert(
    fc.property(inputs, ({ text, country }) => {
      const theirs = libraryReading(metadata, text, country)
      if (theirs.valid) valid++
      // An unread number is `undefined` in libphonenumber-js; ours says why in `error`.
      const mine = ourReading(ours, text, country)
      expect({ text, ...mine, e164: theirs.e164 === undefined && !mine.valid ? undefined : mine.e164 }).toEqual({ text, ...theirs })
      expect(ours.parsePhoneNumber(text, country)).toEqual(library.parsePhoneNumber(text, country))
    }),
    { seed, numRuns: Math.round(runs.parse * SCALE) },
  )
  fc.assert(
    fc.property(inputs, ({ text, country }) => {
      for (let end = 1; end <= text.length; end++) {
        const typed = text.slice(0, end)
        const mine = ours.formatPhoneAsYouType(typed, country)
        let theirs: ReturnType<PhoneHelpers['formatPhoneAsYouType']> | undefined
        try {
          theirs = library.formatPhoneAsYouType(typed, country)
        } catch (error) {
          // `AsYouType` throws on a call prefix then a calling code the metadata lacks (`02` in
          // Cape Verde or Samoa, whose call prefix is `0`): ours must keep every digit typed.
          libraryThrows.add(`${country ?? '-'} ${cleanPhoneInput(typed)}: ${String(error)}`)
        }
        expect(theirs ? { typed, ...mine } : { typed, digits: digits(mine.formatted) }).toEqual(theirs ? { typed, ...theirs } : { typed, digits: digits(cleanPhoneInput(typed)) })
        expect({ typed, formatted: mine.formatted }).toEqual({ typed, formatted: theirs ? libraryAsYouType(metadata, typed, country) : mine.formatted })
      }
    }),
    { seed, numRuns: Math.round(runs.typed * SCALE) },
  )
  return valid
}

const coveredSubject: Subject = {
  metadata: coveredPhoneMetadata,
  examples: coveredPhoneExamples,
  ours: covered,
  library: withPhoneMetadata(coveredPhoneMetadata, coveredPhoneExamples),
  others: ['GB', 'NG'],
}

describe.each(COUNTRIES.map((c, index) => ({ ...c, index })))('phone helpers for $iso2 against libphonenumber-js', ({ iso2, index }) => {
  it('read raw input as libphonenumber-js does (E.164, validity, type) and format it key by key as AsYouType does', () => {
    // The generated inputs must reach valid numbers, or the property proves little.
    expect(checkRegion(iso2, BASE_SEED + index, coveredSubject, { parse: 200, typed: 20 })).toBeGreaterThan(20)
  })
})

/**
 * Every region of libphonenumber-js, each loaded as a field loads it (`loadPhoneRegions([iso2])`:
 * the region with its calling code's main region), then every shared calling code with all its
 * regions loaded together: the same properties with fewer inputs per region, so that the whole
 * run stays within seconds.
 */
describe('phone helpers for every region, against libphonenumber-js', () => {
  it('cover every libphonenumber-js region', () => {
    expect(PHONE_REGIONS.toSorted()).toEqual(Object.keys(metadataMax.countries).toSorted())
    // The generation refuses nothing but non-geographic codes (+800, +882, ...): no region to offer.
    expect(PHONE_REGIONS.filter((iso2) => findUnsupportedPhoneFeatures(regionMetadata(metadataMax as MetadataJson, [iso2])).length > 0)).toEqual([])
  })

  let valid = 0
  it.each(PHONE_REGIONS.map((iso2, index) => ({ iso2, index })))('$iso2', async ({ iso2, index }) => {
    const { metadata, examples } = await loadPhoneRegions([iso2])
    expect(metadata).toEqual(regionMetadata(metadataMax as MetadataJson, [iso2]))
    const subject: Subject = { metadata, examples, ours: createPhoneHelpers(metadata, examples), library: withPhoneMetadata(metadata, examples), others: ['GB'] }
    valid += checkRegion(iso2, BASE_SEED + 100 + index, subject, { parse: 30, typed: 3 })
    const example = subject.ours.getExampleNumber(iso2)
    expect(example).toEqual(subject.library.getExampleNumber(iso2))
    expect(example === undefined || subject.ours.parsePhoneNumber(example.international).e164 === example.e164).toBe(true)
  })

  it('reached valid numbers in most regions', () => {
    // The generated inputs must reach valid numbers, or the properties prove little.
    expect(valid).toBeGreaterThan(PHONE_REGIONS.length * 5)
  })

  const shared = [...new Set(PHONE_REGIONS.map((iso2) => getPhoneRegionCallingCode(iso2) ?? ''))].filter((code) => getPhoneRegionsForCallingCode(code).length > 1)
  it.each(shared)('+%s with all its regions loaded', async (code) => {
    const regions = getPhoneRegionsForCallingCode(code)
    const { metadata, examples } = await loadPhoneRegions(regions)
    expect(metadata.country_calling_codes).toEqual({ [code]: (metadataMax as MetadataJson).country_calling_codes[code] })
    const subject: Subject = { metadata, examples, ours: createPhoneHelpers(metadata, examples), library: withPhoneMetadata(metadata, examples), others: regions.slice(0, 3) }
    let reached = 0
    for (const [index, iso2] of regions.entries()) reached += checkRegion(iso2, BASE_SEED + 500 + index, subject, { parse: 20, typed: 2 })
    expect(reached).toBeGreaterThan(regions.length)
    const examplesOf = (phone: PhoneHelpers) => regions.map((iso2) => phone.getExampleNumber(iso2))
    expect(examplesOf(subject.ours)).toEqual(examplesOf(subject.library))
    // Read back as libphonenumber-js reads them: CC's example mobile is Australian, as AU comes first.
    const readBack = (phone: PhoneHelpers) => examplesOf(phone).map((example) => example && phone.parsePhoneNumber(example.international))
    expect(readBack(subject.ours)).toEqual(readBack(subject.library))
    expect(readBack(subject.ours).filter((read) => read?.isValid).length).toBeGreaterThan(0)
  }, 60_000)

  afterAll(() => {
    if (libraryThrows.size > 0) console.info(`AsYouType threw on ${libraryThrows.size} inputs (ours answered):\n${[...libraryThrows].slice(0, 10).join('\n')}`)
  })
})
