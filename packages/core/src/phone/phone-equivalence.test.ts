import { describe, expect, it } from 'vitest'
import { COUNTRIES } from './countries'
import { formatPhoneAsYouType, formatPhoneNumber, getExampleNumber, parsePhoneNumber } from './phone'
import { coveredPhoneExamples, coveredPhoneMetadata } from './phone-metadata.gen'
import { withPhoneMetadata } from './with-phone-metadata'

/**
 * The covered helpers read the generated metadata with hand-written code (for bundle size); this
 * proves them equal to libphonenumber-js (`withPhoneMetadata`) on that same metadata, answer for
 * answer, over a table per covered country: its example number typed every way a user does
 * (national, with the national prefix, `+` and calling code, calling code without `+`, with the
 * prefix after the code, too long), every prefix of each (what a field holds while typing), the
 * example with each of its first digits changed, every input of one or two digits, and seeded
 * random digits in the same forms.
 */
const library = withPhoneMetadata(coveredPhoneMetadata, coveredPhoneExamples)

const prefixes = (text: string): string[] => Array.from({ length: text.length + 1 }, (_, end) => text.slice(0, end))

/** A fixed-seed generator (numbers of Park and Miller), so every run checks the same table. */
function seededDigits(seed: number): (length: number) => string {
  let state = seed
  return (length) => {
    let digits = ''
    for (let i = 0; i < length; i++) {
      state = (state * 48271) % 2147483647
      digits += String(state % 10)
    }
    return digits
  }
}

/** Inputs built on the country's example number, and short and random ones. */
function inputsFor(iso2: string, dialCode: string, index: number): { typed: string[]; other: string[] } {
  const example = coveredPhoneExamples[iso2 as keyof typeof coveredPhoneExamples] ?? ''
  const forms = (national: string) => [national, `0${national}`, `+${dialCode}${national}`, `+${dialCode}0${national}`, `${dialCode}${national}`, `${dialCode}0${national}`]
  const inputs = new Set<string>()
  for (const form of forms(example)) for (const prefix of prefixes(form)) inputs.add(prefix)
  for (const form of forms(`${example}123`)) inputs.add(form)
  for (let position = 0; position < 3; position++) {
    for (let digit = 0; digit <= 9; digit++) {
      for (const form of forms(example.slice(0, position) + String(digit) + example.slice(position + 1))) inputs.add(form)
    }
  }
  // Written the way people write them: spaces, dashes, `00` for `+`, `(0)` after the code.
  inputs.add(`00${dialCode} ${example.slice(0, 2)}-${example.slice(2)}`)
  inputs.add(`+${dialCode} (0)${example}`)
  const other = new Set<string>()
  for (let n = 0; n < 100; n++) {
    for (const short of [String(n % 10), String(n).padStart(2, '0')]) for (const form of [short, `+${short}`, `+${dialCode}${short}`]) other.add(form)
  }
  const random = seededDigits(index + 1)
  for (let n = 0; n < 30; n++) for (const form of forms(random(3 + (n % 10)))) other.add(form)
  return { typed: [...inputs], other: [...other].filter((input) => !inputs.has(input)) }
}

/** The rows where our answer differs from the library's (compared as JSON: cheap, and exact for these plain objects). */
function differences<T>(cases: readonly T[], ours: (c: T) => unknown, theirs: (c: T) => unknown): { case: T; ours: unknown; theirs: unknown }[] {
  return cases.flatMap((c) => {
    const [a, b] = [ours(c), theirs(c)]
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ case: c, ours: a, theirs: b }]
  })
}

describe.each(COUNTRIES.map((c, index) => ({ ...c, index })))('covered helpers for $iso2 answer as libphonenumber-js', ({ iso2, dialCode, index }) => {
  const { typed, other } = inputsFor(iso2, dialCode, index)
  const inputs = [...typed, ...other]
  // The default country: the number's own, none, another covered one, and one outside the metadata.
  const neighbour = COUNTRIES[(index + 1) % COUNTRIES.length]?.iso2
  const cases = [
    ...typed.flatMap((input) => [iso2, undefined, neighbour, 'GB'].map((country) => ({ input, country }))),
    ...other.flatMap((input) => [iso2, undefined].map((country) => ({ input, country }))),
  ]

  it('parsePhoneNumber', () => {
    expect(differences(cases, (c) => parsePhoneNumber(c.input, c.country), (c) => library.parsePhoneNumber(c.input, c.country))).toEqual([])
    // The table must reach valid numbers and every kind of error, or it proves little.
    const results = cases.map((c) => parsePhoneNumber(c.input, c.country))
    expect(results.some((r) => r.error === undefined)).toBe(true)
    expect([...new Set(results.map((r) => r.error ?? 'none'))].toSorted()).toEqual(['invalid', 'none', 'not_a_number', 'too_long', 'too_short', 'unsupported_country'])
  })

  it('formatPhoneAsYouType', () => {
    expect(differences(cases, (c) => formatPhoneAsYouType(c.input, c.country), (c) => library.formatPhoneAsYouType(c.input, c.country))).toEqual([])
    const results = cases.map((c) => formatPhoneAsYouType(c.input, c.country))
    expect(results.some((r) => r.e164)).toBe(true)
    expect(results.filter((r) => r.formatted.includes(' ')).length).toBeGreaterThan(inputs.length)
  })

  it('formatPhoneNumber', () => {
    const styled = inputs.flatMap((input) => (['national', 'international'] as const).map((style) => ({ input, style })))
    expect(differences(styled, (c) => formatPhoneNumber(c.input, c.style), (c) => library.formatPhoneNumber(c.input, c.style))).toEqual([])
    expect(styled.some((c) => formatPhoneNumber(c.input, c.style) !== c.input)).toBe(true)
  })

  it('getExampleNumber', () => {
    expect(getExampleNumber(iso2)).toEqual(library.getExampleNumber(iso2))
    expect(getExampleNumber(iso2)?.international.startsWith(`+${dialCode} `)).toBe(true)
  })
})

describe('covered helpers outside the covered countries', () => {
  it.each(['GB', 'US', 'constructor', '', 'gh'])('have no example number for %j', (country) => {
    expect(getExampleNumber(country)).toBeUndefined()
    expect(library.getExampleNumber(country)).toBeUndefined()
  })

  it.each(['+44 20 7946 0000', '+1 212 555 0100', '+0233 24 123 4567', '+'.padEnd(260, '2'), '2'.repeat(260)])('answer as libphonenumber-js for %j', (input) => {
    for (const country of [undefined, 'GH', 'constructor']) {
      expect(parsePhoneNumber(input, country)).toEqual(library.parsePhoneNumber(input, country))
      expect(formatPhoneAsYouType(input, country)).toEqual(library.formatPhoneAsYouType(input, country))
    }
    expect(formatPhoneNumber(input)).toEqual(library.formatPhoneNumber(input))
  })
})
