import * as fc from 'fast-check'
import { AsYouType, parsePhoneNumberFromString, type CountryCode as LibCountryCode, type MetadataJson } from 'libphonenumber-js/core'
import { describe, expect, it } from 'vitest'
import { cleanPhoneInput } from './clean-phone-input'
import { COUNTRIES } from './countries'
import { formatPhoneAsYouType, parsePhoneNumber } from './phone'
import { coveredPhoneExamples, coveredPhoneMetadata } from './phone-metadata.gen'
import type { PhonePlan } from './phone-plan'
import { withPhoneMetadata } from './with-phone-metadata'

/**
 * A differential property test of the phone helpers against libphonenumber-js, on the same
 * metadata: random inputs written the ways people write numbers (digits, spaces and punctuation
 * between them, `(0)` after the calling code, an extension, `+`, the country's own call prefix,
 * the calling code without `+`, Arabic-Indic digits) read in random default countries.
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
const metadata = coveredPhoneMetadata
const plans = metadata.countries as Record<string, PhonePlan>
const SEED = 20_261_123
const library = withPhoneMetadata(metadata, coveredPhoneExamples)

/** Call prefixes of 2 to 4 digits each country's pattern accepts (`00`; Kenya `000`; Uganda `000`, `005`, `007`). */
function callPrefixes(plan: PhonePlan): string[] {
  const pattern = new RegExp(`^(?:${plan[1]})$`)
  const found: string[] = []
  for (let length = 2; length <= 4; length++) {
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
function nationalNumber(iso2: string): fc.Arbitrary<string> {
  const example = coveredPhoneExamples[iso2 as keyof typeof coveredPhoneExamples] ?? '1'
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
function written(iso2: string, index: number): fc.Arbitrary<Written> {
  const plan = plans[iso2]
  if (!plan) throw new Error(`no plan for ${iso2}`)
  const code = plan[0]
  const prefix = plan[5] || ''
  const other = COUNTRIES[(index + 5) % COUNTRIES.length]?.iso2
  return fc
    .record({
      national: nationalNumber(iso2),
      form: fc.constantFrom('national', 'prefixed', 'plus', 'plus (0)', 'plus 0', 'idd', 'no plus'),
      idd: fc.constantFrom(...callPrefixes(plan)),
      separators: fc.array(fc.constantFrom(...SEPARATORS), { minLength: 20, maxLength: 20 }),
      extension: fc.option(fc.tuple(fc.constantFrom(...EXTENSIONS), fc.integer({ min: 1, max: 9999 })), { freq: 6 }),
      arabic: fc.boolean(),
      country: fc.constantFrom<string | undefined>(iso2, iso2, iso2, undefined, other, 'GB'),
    })
    .map(({ national, form, idd, separators, extension, arabic, country }) => {
      const digits = {
        national,
        prefixed: prefix + national,
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

const libOptions = (country: string | undefined) => (country && Object.hasOwn(plans, country) ? { defaultCountry: country as LibCountryCode } : {})

/** What libphonenumber-js reads in the raw input: E.164, validity and type, as our result names them. */
function libraryReading(text: string, country: string | undefined) {
  const number = parsePhoneNumberFromString(text, libOptions(country), metadata as MetadataJson)
  // Past E.164's 15 digits no network delivers: every package of the kit refuses it (see `rules/e164.ts`).
  return number?.isValid() && number.number.length <= 16 ? { e164: number.number, valid: true, type: number.getType(), country: number.country } : { e164: number?.number, valid: false }
}

function ourReading(text: string, country: string | undefined) {
  const parsed = parsePhoneNumber(text, country)
  return parsed.isValid ? { e164: parsed.e164, valid: true, type: parsed.type, country: parsed.country } : { e164: parsed.e164, valid: false }
}

/** `AsYouType` on cleaned input, as the field feeds it after each key. */
function libraryAsYouType(text: string, country: string | undefined) {
  const formatter = new AsYouType(libOptions(country), metadata as MetadataJson)
  const formatted = formatter.input(cleanPhoneInput(text))
  const number = formatter.getNumber()
  return { formatted, e164: number?.isValid() && number.number.length <= 16 ? number.number : undefined }
}

describe.each(COUNTRIES.map((c, index) => ({ ...c, index })))('phone helpers for $iso2 against libphonenumber-js', ({ iso2, index }) => {
  const inputs = written(iso2, index)

  it('read raw input as libphonenumber-js does (E.164, validity, type)', () => {
    let valid = 0
    fc.assert(
      fc.property(inputs, ({ text, country }) => {
        const theirs = libraryReading(text, country)
        if (theirs.valid) valid++
        // An unread number is `undefined` in libphonenumber-js; ours says why in `error`.
        const ours = ourReading(text, country)
        expect({ text, ...ours, e164: theirs.e164 === undefined && !ours.valid ? undefined : ours.e164 }).toEqual({ text, ...theirs })
        expect(parsePhoneNumber(text, country)).toEqual(library.parsePhoneNumber(text, country))
      }),
      { seed: SEED + index, numRuns: 300 },
    )
    // The generated inputs must reach valid numbers, or the property proves little.
    expect(valid).toBeGreaterThan(30)
  })

  it('format key by key as AsYouType does on the cleaned input', () => {
    fc.assert(
      fc.property(inputs, ({ text, country }) => {
        for (let end = 1; end <= text.length; end++) {
          const typed = text.slice(0, end)
          const ours = formatPhoneAsYouType(typed, country)
          expect({ typed, formatted: ours.formatted, e164: ours.e164 }).toEqual({ typed, ...libraryAsYouType(typed, country) })
        }
      }),
      { seed: SEED + index, numRuns: 30 },
    )
  })
})
