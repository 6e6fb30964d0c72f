import type { MetadataJson } from 'libphonenumber-js/core'
import { checkPlanLength, findPlan, findPlanByCallingCode, matchesEntirely, stripIddPrefix, withoutMissingPlus, type PhonePlan, type PlanFormat, type PlanOf } from './phone-plan'
import type { PlanNumber } from './read-phone-number'

/**
 * As-you-type formatting written here rather than taken from libphonenumber-js's `AsYouType`:
 * that class and its parser, template and pattern-matching helpers are ~6 kB gzip of a phone
 * field's budget, mostly for metadata features the covered countries do not use (shared calling
 * codes, prefix transform rules, carrier codes, international layouts). This is the same
 * algorithm for one whole input at a time, over the features they do use;
 * `scripts/generate-phone-metadata.ts` refuses metadata with any other, and
 * `phone-equivalence.test.ts` proves the output equal to `AsYouType`'s for every covered country over
 * example numbers, every prefix of them and every one- and two-digit input. One departure, on
 * purpose: national input typed without the national prefix is formatted without it, as `AsYouType`
 * does when a format's prefix is optional (`withOptionalNationalPrefix` in `with-phone-metadata.ts`).
 */

/** What the user typed, split the way the formatter reads it. */
interface Typed {
  plan: PhonePlan
  international: boolean
  /** Digits after the `+` and calling code; every digit of a national number. */
  digits: string
  /** The national prefix the user typed (`0`), when it was taken off. */
  prefix: string | undefined
  /** National significant number. */
  nationalNumber: string
}

/** Result of {@link formatAsYouType}. */
export interface TypedPhoneNumber {
  /** The input formatted so far. */
  formatted: string
  /** The country of the number, once known. */
  country?: string
  /** The number as read so far, once there are national digits and a country. */
  number?: PlanNumber
}

/** National prefix rule that is just the first group (`$1`, `($1)`): it adds no prefix. */
const FIRST_GROUP_ONLY = /^\(?\$1\)?$/
const FIRST_GROUP = /(\$\d)/

const digitsOf = (text: string): string => text.replace(/\D/g, '')
const usesPrefix = (format: PlanFormat): boolean => !!format[3] && !FIRST_GROUP_ONLY.test(format[3])
/** Space between a typed national prefix and the number, when the format's rule puts one there. */
const prefixSeparator = (format: PlanFormat): string => (format[3] && /[- ]/.test(format[3]) ? ' ' : '')

function split(plan: PhonePlan, international: boolean, digits: string, takePrefix: boolean): Typed {
  const prefix = takePrefix && plan[5] && digits.startsWith(plan[5]) ? plan[5] : undefined
  return { plan, international, digits, prefix, nationalNumber: prefix ? digits.slice(prefix.length) : digits }
}

/** The format's national prefix rule, when the formatter should try it on this input. */
function prefixRule(format: PlanFormat, typed: Typed): string | undefined {
  const rule = format[3]
  if (!rule) return undefined
  return usesPrefix(format) ? (typed.prefix ? rule : undefined) : typed.international ? undefined : rule
}

/** Answers of {@link couldStartWith}: at most 110 inputs per pattern, each costing up to 1000 tests. */
const startsSeen = new Map<string, boolean>()

/**
 * Whether one or two typed digits could be the start of what a leading-digits pattern matches
 * (libphonenumber-js's partial `PatternMatcher`): some three more digits make the pattern match.
 */
function couldStartWith(digits: string, pattern: string): boolean {
  const key = `${digits} ${pattern}`
  let answer = startsSeen.get(key)
  if (answer === undefined) {
    const leading = new RegExp(`^(?:${pattern})`)
    answer = false
    for (let more = 0; more < 1000 && !answer; more++) answer = leading.test(digits + String(more).padStart(3, '0'))
    startsSeen.set(key, answer)
  }
  return answer
}

/** The formats that fit the typed national number, its national prefix and its form. */
function matchingFormats(typed: Typed): PlanFormat[] {
  const { nationalNumber, prefix } = typed
  const formats = typed.plan[4] || []
  if (!nationalNumber) return [...formats]
  return formats.filter((format) => {
    // A typed national prefix rules out the formats without one. Formats that add one still fit
    // input typed without it (`241234567` in Ghana), laid out without it (`24 123 4567`): as if
    // each were marked `national_prefix_optional_when_formatting`, where `AsYouType` would leave
    // the digits as typed (see `with-phone-metadata.ts`, which does the same).
    if (prefix && !usesPrefix(format)) return false
    const leading = format[2]
    if (!leading || !leading.length) return true
    // Leading-digits patterns come for 3 digits, then 4, 5, ...: take the one for this length.
    const pattern = leading[Math.min(Math.max(0, nationalNumber.length - 3), leading.length - 1)] ?? ''
    return nationalNumber.length < 3 ? couldStartWith(nationalNumber, pattern) : new RegExp(`^(${pattern})`).test(nationalNumber)
  })
}

/** A complete number in the format whose pattern it matches, keeping exactly the digits typed. */
function formatComplete(typed: Typed, format: PlanFormat): string | undefined {
  const [pattern, layout] = format
  const { nationalNumber, prefix, international } = typed
  const rule = prefixRule(format, typed)
  // International numbers separate groups with single spaces, dashes too.
  const plain = international ? nationalNumber.replace(new RegExp(pattern), layout).replace(/-/g, ' ') : nationalNumber.replace(new RegExp(pattern), layout)
  // With the format's own national prefix rule first (`0$1`, `(0$1)`), else the prefix typed put in front.
  const candidates = [(prefix ? prefix + prefixSeparator(format) : '') + plain]
  if (rule) candidates.unshift(international ? plain : nationalNumber.replace(new RegExp(pattern), layout.replace(FIRST_GROUP, rule)))
  return candidates.find((candidate) => digitsOf(candidate) === typed.digits)
}

/** The layout of a whole number in `format`, `x` for each digit; `undefined` when the input is too long for it. */
function template(typed: Typed, format: PlanFormat): string | undefined {
  const [pattern, layout] = format
  const { nationalNumber, prefix } = typed
  let dummy = '999999999999999'.match(pattern)?.[0] ?? ''
  if (nationalNumber.length > dummy.length) return undefined
  const typedDummy = nationalNumber.replace(/\d/g, '9')
  if (new RegExp(`^${pattern}$`).test(typedDummy)) dummy = typedDummy
  let withPrefix = layout
  let prefixInside = false
  const rule = prefixRule(format, typed)
  if (rule && digitsOf(rule) === `${prefix ?? ''}1`) {
    withPrefix = layout.replace(FIRST_GROUP, rule)
    prefixInside = true
    for (const _ of prefix ?? '') withPrefix = withPrefix.replace(/\d/, 'x')
  }
  let result = dummy.replace(new RegExp(pattern), withPrefix).replace(/9/g, 'x')
  if (!prefixInside && prefix) result = 'x'.repeat(prefix.length) + prefixSeparator(format) + result
  // International numbers separate groups with single spaces, without parentheses.
  return typed.international ? result.replace(/[- ()]+/g, ' ').trim() : result
}

/** Fills a template with the typed digits and cuts it after the last one, dropping an unclosed `(`. */
function fill(layout: string, digits: string): string | undefined {
  let filled = layout
  let last = -1
  for (const digit of digits) {
    last = filled.indexOf('x')
    if (last < 0) return undefined
    filled = filled.replace('x', digit)
  }
  let end = last + 1
  if (filled[end] === ')') end++
  const cut = filled.slice(0, end)
  const open: number[] = []
  for (let i = 0; i < cut.length; i++) {
    if (cut[i] === '(') open.push(i)
    else if (cut[i] === ')') open.pop()
  }
  return [...cut].filter((_, i) => !open.includes(i)).join('')
}

/** The national part formatted: as a complete number if it is one, else along the first format that fits. */
function formatNational(typed: Typed): string | undefined {
  const formats = matchingFormats(typed)
  if (!checkPlanLength(typed.nationalNumber, typed.plan)) {
    for (const format of formats) {
      const complete = matchesEntirely(typed.nationalNumber, format[0]) ? formatComplete(typed, format) : undefined
      if (complete) return complete
    }
  }
  for (const format of formats) {
    const layout = template(typed, format)
    if (layout !== undefined) return fill(layout, typed.digits)
  }
  return undefined
}

/**
 * Input dialled out with the default country's call prefix, formatted as an international number
 * behind the prefix as typed (`000 44 20 7946 0000` in Kenya), when `digits` start with that prefix.
 * `AsYouType` looks for the prefix once three digits are in, and again whenever a national number
 * cannot be formatted (`00` in Ghana is kept as typed either way).
 */
function formatAfterIdd(digits: string, plan: PhonePlan, metadata: MetadataJson): TypedPhoneNumber | undefined {
  const rest = stripIddPrefix(digits, plan)
  if (rest === undefined || rest === digits) return undefined
  const typed = formatAsYouType(`+${rest}`, undefined, metadata)
  return { ...typed, formatted: `${digits.slice(0, digits.length - rest.length)} ${typed.formatted.slice(1)}`.trim() }
}

/**
 * Formats cleaned input (`+` and ASCII digits) as libphonenumber-js's `AsYouType` does when given
 * all of it at once: `024 12` in Ghana, `+234 802 1`; also the country and the number read so far.
 */
export function formatAsYouType(text: string, defaultCountry: string | undefined, metadata: MetadataJson): TypedPhoneNumber {
  const digits = digitsOf(text)
  const international = text.startsWith('+')
  if (!digits) return { formatted: international ? '+' : '' }

  let found: PlanOf | undefined
  let code = ''
  if (international) {
    for (let end = 1; end <= 3 && end <= digits.length && digits[0] !== '0' && !found; end++) {
      code = digits.slice(0, end)
      found = findPlanByCallingCode(metadata, code)
    }
    if (!found) return { formatted: `+${digits}` }
  } else {
    found = findPlan(metadata, defaultCountry)
    if (!found) return { formatted: digits }
    const afterIdd = digits.length >= 3 ? formatAfterIdd(digits, found.plan, metadata) : undefined
    if (afterIdd) return afterIdd
  }

  const { plan } = found
  // A national number loses its national prefix at once; an international one only when it does
  // not fit any format otherwise (`+233 024…`).
  let typed = split(plan, international, digits.slice(code.length), !international)
  let formatted = formatNational(typed)
  let missingPlus = false
  if (formatted === undefined) {
    const afterIdd = international ? undefined : formatAfterIdd(digits, plan, metadata)
    if (afterIdd) return afterIdd
    const shorter = international ? undefined : withoutMissingPlus(digits, plan)
    if (shorter !== undefined) {
      // National digits that start with the country's own calling code: read as `+` forgotten.
      missingPlus = true
      code = plan[0]
      typed = split(plan, true, shorter, true)
      formatted = shorter ? formatNational(typed) : undefined
    } else if (international && plan[5] && typed.digits.startsWith(plan[5])) {
      typed = split(plan, true, typed.digits, true)
      formatted = formatNational(typed)
    }
  }

  const national = formatted || (typed.prefix ?? '') + typed.nationalNumber
  const result: TypedPhoneNumber = {
    formatted: typed.international ? `${missingPlus ? '' : '+'}${code}${national ? ` ${national}` : ''}` : national,
    country: found.country,
  }
  if (typed.nationalNumber) result.number = { ...found, nationalNumber: typed.nationalNumber }
  return result
}
