import type { MetadataJson } from 'libphonenumber-js/core'
import { FIRST_GROUP, internationalSeparators, layOut } from './format-plan-number'
import {
  checkPlanLength,
  countriesOf,
  countryByNationalNumber,
  extractNationalPrefix,
  findPlan,
  findPlanByCallingCode,
  formatsOf,
  matchesEntirely,
  stripIddPrefix,
  withoutMissingPlus,
  type PhonePlan,
  type PlanFormat,
} from './phone-plan'
import { splitCallingCode, type PlanNumber } from './read-phone-number'

/**
 * As-you-type formatting written here rather than taken from libphonenumber-js's `AsYouType`:
 * that class and its parser, template and pattern-matching helpers are ~6 kB gzip of a phone
 * field's budget. This is the same algorithm (`AsYouType.input` with its parser, state and
 * formatter, step by step, the order of their side effects included) for one whole input at a
 * time, which is how a field calls it: on every key it formats what the field holds.
 * `phone-equivalence.test.ts` and `phone-differential.test.ts` prove the output equal to
 * `AsYouType`'s. Two departures, on purpose: national input typed without the national prefix is
 * formatted without it, as `AsYouType` does when a format's prefix is optional
 * (`withOptionalNationalPrefix` in `with-phone-metadata.ts`); and where `AsYouType` throws (a
 * call prefix then a calling code the metadata lacks, `02` in Cape Verde), the digits come back as
 * typed behind the call prefix (`0 2`).
 */

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
/** A layout made of groups and punctuation only, starting with the first group (`AsYouType` skips the others). */
const NON_ALTERING = /[-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D[\]~\u2053\u223C\uFF5E]*\$1[-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D[\]~\u2053\u223C\uFF5E]*(\$\d[-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D[\]~\u2053\u223C\uFF5E]*)*$/

const digitsOf = (text: string): string => text.replace(/\D/g, '')
const usesPrefix = (format: PlanFormat): boolean => !!format[3] && !FIRST_GROUP_ONLY.test(format[3])

/** Answers of {@link couldStartWith}: at most 110 inputs per pattern, each costing up to 1000 tests. */
const startsSeen = new Map<string, boolean>()

/**
 * Whether one or two typed digits could be the start of what a leading-digits pattern matches
 * (libphonenumber-js's partial `PatternMatcher`): some three more digits make the pattern match.
 * (Checked against `PatternMatcher` for every first leading-digits pattern of the metadata and
 * every one- and two-digit input, more digits never changing an answer.) `PatternMatcher` reads
 * `\d` as the two characters `\` and `d`, which no digit matches (Tajikistan's only format).
 */
function couldStartWith(digits: string, pattern: string): boolean {
  const key = `${digits} ${pattern}`
  let answer = startsSeen.get(key)
  if (answer === undefined) {
    const leading = new RegExp(`^(?:${pattern.replace(/\\d/g, '[]')})`)
    answer = false
    for (let more = 0; more < 1000 && !answer; more++) answer = leading.test(digits + String(more).padStart(3, '0'))
    startsSeen.set(key, answer)
  }
  return answer
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

/**
 * Formats cleaned input (`+` and ASCII digits) as libphonenumber-js's `AsYouType` does when given
 * all of it at once: `024 12` in Ghana, `+234 802 1`; also the country and the number read so far.
 */
export function formatAsYouType(text: string, defaultCountry: string | undefined, metadata: MetadataJson): TypedPhoneNumber {
  const home = findPlan(metadata, defaultCountry)
  // `AsYouType`'s state, its selected plan, the formatter's formats and the parser's flags.
  let international = false
  let missingPlus = false
  let idd = ''
  let callingCode: string | undefined
  let country = home?.country
  let digits = ''
  let nsn = ''
  let nsnModified = false
  let nationalPrefix: string | undefined
  let notPrefix: string | undefined
  let selected: PhonePlan | undefined = home?.plan
  let parserHasPlan = !!selected
  let extracted = false
  let formats: readonly PlanFormat[] = []
  let nanp = false

  const withoutIdd = (): string => digits.slice(idd.length)
  const nationalDigits = (): string => (international ? digits.slice(idd.length + (callingCode?.length ?? 0)) : digits)
  const planOf = (id: string | undefined): PhonePlan | undefined => (/^\d+$/.test(id ?? '') ? findPlanByCallingCode(metadata, id ?? '') : findPlan(metadata, id))?.plan

  // `formatSuits`: a typed national prefix rules out the formats without one. Every format that adds
  // a prefix counts as optional (the departure above), so none is ruled out for lacking one.
  const suits = (format: PlanFormat): boolean => !(nationalPrefix && !usesPrefix(format) && !format[4])
  function leadingMatches(format: PlanFormat): boolean {
    const leading = format[2] || []
    if (!leading.length) return true
    // Leading-digits patterns come for 3 digits, then 4, 5, ...: take the one for this length.
    const pattern = leading[Math.min(Math.max(0, nsn.length - 3), leading.length - 1)] ?? ''
    return nsn.length < 3 ? couldStartWith(nsn, pattern) : new RegExp(`^(${pattern})`).test(nsn)
  }
  const narrow = (): void => void (formats = formats.filter((format) => suits(format) && leadingMatches(format)))
  function resetFormatter(): void {
    nanp = selected?.[0] === '1'
    formats = selected ? formatsOf(metadata, selected) : []
    if (nsn) narrow()
  }
  function setCallingCode(code: string | undefined): void {
    callingCode = code
    selected = planOf(country || code)
    resetFormatter()
    parserHasPlan = !!selected
  }
  function determineCountry(): void {
    if (country && !((countriesOf(metadata, callingCode ?? '')?.length ?? 0) > 1)) return
    const found = international && callingCode ? countryByNationalNumber(metadata, callingCode, nsn) : undefined
    if (found !== country) {
      country = found
      if (found) selected = planOf(found)
    }
  }
  function nsnChanged(): void {
    determineCountry()
    resetFormatter()
  }
  function startInternational(newCountry: string | undefined, code: string | undefined): void {
    international = true
    country = newCountry
    setCallingCode(code)
    if (nsn) {
      nsn = nationalDigits()
      ;[nsnModified, nationalPrefix, notPrefix, extracted] = [false, undefined, undefined, false]
      nsnChanged()
    }
  }
  function extractCallingCode(): boolean {
    const found = splitCallingCode(`+${withoutIdd()}`, metadata)
    if (found) {
      setCallingCode(found[0])
      nsn = found[1]
    }
    return !!found
  }
  function extractNsn(): boolean {
    if (!parserHasPlan || !selected) return false
    const national = nationalDigits()
    const extraction = extractNationalPrefix(national, selected)
    if (extraction.nationalNumber === national) return false
    nsn = extraction.nationalNumber
    nationalPrefix = extraction.nationalPrefix
    const at = national.lastIndexOf(nsn)
    nsnModified = at < 0 || at !== national.length - nsn.length
    const before = nsnModified ? '' : national.slice(0, at)
    notPrefix = before && before !== nationalPrefix ? before : undefined
    extracted = true
    nsnChanged()
    return true
  }
  function extractIdd(): boolean {
    const rest = international || idd || !home ? undefined : stripIddPrefix(digits, home.plan)
    if (rest === undefined || rest === digits) return false
    idd = digits.slice(0, digits.length - rest.length)
    startInternational(undefined, undefined)
    return true
  }
  function fixMissingPlus(): boolean {
    const own = international ? undefined : findPlan(metadata, country || defaultCountry)
    if (!own || withoutMissingPlus(digits, own.plan, metadata) === undefined) return false
    missingPlus = true
    startInternational(country, own.plan[0])
    return true
  }

  /** `shouldTryNationalPrefixFormattingRule`: a rule that adds a prefix the user typed, or one that adds none, nationally. */
  function triesRule(format: PlanFormat): boolean {
    const uses = usesPrefix(format)
    return !!format[3] && ((uses && !!nationalPrefix) || (!uses && !international))
  }
  const separator = (format: PlanFormat): string => (nanp || (format[3] && /[- ]/.test(format[3])) ? ' ' : '')

  function formatComplete(format: PlanFormat): string | undefined {
    if (!matchesEntirely(nsn, format[0])) return undefined
    for (const withRule of triesRule(format) ? [true, false] : [false]) {
      let formatted = layOut(nsn, format, international, withRule ? format[3] : undefined)
      if (!withRule && nationalPrefix) formatted = nationalPrefix + separator(format) + formatted
      else if (!withRule && notPrefix) formatted = `${notPrefix} ${formatted}`
      if (digitsOf(formatted) === nationalDigits()) return formatted
    }
    return undefined
  }

  function template(format: PlanFormat): string | undefined {
    // Patterns written for the old metadata (`[0-9]`, a lone digit) read as `\d`.
    const pattern = format[0].replace(/\[([^[\]])*\]/g, '\\d').replace(/\d(?=[^,}][^,}])/g, '\\d')
    let dummy = '999999999999999'.match(pattern)?.[0] ?? ''
    if (nsn.length > dummy.length) return undefined
    const typedDummy = nsn.replace(/\d/g, '9')
    if (new RegExp(`^${pattern}$`).test(typedDummy)) dummy = typedDummy
    let layout = (international && format[5]) || format[1]
    let prefixInside = false
    const rule = format[3]
    if (rule && triesRule(format) && digitsOf(rule) === `${nationalPrefix ?? ''}1`) {
      layout = layout.replace(FIRST_GROUP, rule)
      prefixInside = true
      for (const _ of nationalPrefix ?? '') layout = layout.replace(/\d/, 'x')
    }
    let result = dummy.replace(new RegExp(pattern), layout).replace(/9/g, 'x')
    if (!prefixInside && notPrefix) result = `${'x'.repeat(notPrefix.length)} ${result}`
    else if (!prefixInside && nationalPrefix) result = 'x'.repeat(nationalPrefix.length) + separator(format) + result
    return international ? internationalSeparators(result) : result
  }

  /** `AsYouTypeFormatter.format`: the number complete in a format, else along the first template that fits. */
  function formatNational(): string | undefined {
    // `AsYouType` throws here without a plan (a call prefix then an unknown code): leave the digits as typed.
    if (!selected) return undefined
    if (!checkPlanLength(nsn, selected)) {
      for (const format of formats) {
        const complete = formatComplete(format)
        if (complete) return complete
      }
    }
    for (const format of formats) {
      if (!NON_ALTERING.test((international && format[5]) || format[1])) continue
      const layout = format[0].includes('|') ? undefined : template(format)
      if (layout) return fill(layout, nationalDigits())
      formats = formats.filter((other) => other !== format)
    }
    return undefined
  }

  const prefixed = (rest: string): string => (idd ? (rest ? `${idd} ` : idd) : missingPlus ? '' : '+') + rest
  function full(national: string): string {
    if (!international) return national
    if (!callingCode) return prefixed(withoutIdd())
    return prefixed(national ? `${callingCode} ${national}` : callingCode)
  }

  // `AsYouTypeParser.input` for the whole text, in the default country's plan.
  resetFormatter()
  digits = digitsOf(text)
  if (text.startsWith('+')) {
    if (!digits) return { formatted: '+' }
    international = true
    country = undefined
    setCallingCode(undefined)
  }
  if (!digits) return { formatted: '' }
  if (digits.length >= 3) extractIdd()
  let waiting = false
  if (international && !callingCode) waiting = !extractCallingCode()
  else nsn = digits
  if (!waiting && !international && !extracted) extractNsn()

  // `AsYouType.input`.
  determineCountry()
  if (nsn) narrow()
  let formatted = selected ? formatNational() : undefined
  if (formatted === undefined) {
    // `reExtractNationalSignificantNumber`: the national prefix (of an international number too),
    // else the default country's call prefix, else the `+` forgotten before its calling code.
    let again = !extracted && extractNsn()
    if (!again && (extractIdd() || fixMissingPlus())) {
      if (extractCallingCode()) extractNsn()
      again = true
    }
    if (again) {
      determineCountry()
      if (nationalDigits()) formatted = formatNational()
    }
  }
  const result: TypedPhoneNumber = {
    formatted: formatted ? full(formatted) : full(nsnModified ? nationalDigits() : (notPrefix || nationalPrefix || '') + nsn),
  }
  if (country) result.country = country
  // `AsYouType.getNumber`: in the default country, the region of a shared code the digits belong to.
  let numberCountry = country
  const code = selected?.[0] ?? ''
  if (country === defaultCountry && (countriesOf(metadata, code)?.length ?? 0) > 1) numberCountry = countryByNationalNumber(metadata, code, nsn) ?? country
  const plan = planOf(numberCountry || callingCode)
  if (nsn && plan) result.number = { country: numberCountry, plan, nationalNumber: nsn }
  return result
}
