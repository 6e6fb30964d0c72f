/**
 * Validation of everything a browser sends, before any upstream call: a request the Verify API
 * would reject still costs a call, and one it would accept (a number of an uncovered country)
 * may cost an SMS.
 */
import type { ApiLocale, Channel, ErrorCode } from '@hakiki/core/rules'
import { ALL_CHANNELS, compactPhoneNumber, DEFAULT_API_LOCALE, isCoveredCountry, isE164, isEmailAddress, readSubmittedCode, toApiLocale } from '@hakiki/core/rules'
// The `max` metadata checks full national number patterns, not only lengths as `min` does; its
// size (~150 kB) matters in a browser bundle, and at a server's start-up: loaded on first use.
import type { CountryCode as PhoneCountryCode } from 'libphonenumber-js/max'
import { PHONE_COUNTRIES, isValidPhoneNumber, parsePhoneNumber } from './phone-library'
import { ProxyError } from './problem'

/** A refusal of the browser's input (its status comes from `PROBLEM_STATUS`, as every problem's). */
const refused = (code: ErrorCode, detail?: string): ProxyError => new ProxyError(code, detail === undefined ? {} : { detail })

/** A validated `POST /verifications` body. */
export interface StartInput {
  /** E.164 phone number, or lower-cased e-mail address. */
  to: string
  channel: Channel
  /** The API's spelling of the locale. */
  locale: ApiLocale
  /** The BCP-47 tag the browser sent (`pt-BR`), or `en`; providers map it to their own spelling. */
  localeTag: string
  /** ISO country of a phone number (absent for e-mail). */
  country?: string
}

/**
 * The countries whose phone numbers the proxy accepts: `'all'`, or ISO 3166-1 alpha-2 codes
 * (`['US', 'GB']`). The default is the provider's coverage (`VerifyProvider.countries`).
 */
export type CountryPolicy = 'all' | readonly PhoneCountryCode[]

/** Whether a phone number of this ISO country may be sent to. */
export type CountryCheck = (iso2: string) => boolean

/**
 * Builds the check for a {@link CountryPolicy} (or a provider's coverage); `undefined` is the spec
 * API's 14 covered countries. An unknown code throws a `TypeError` at start-up, so a typo (`'UK'`)
 * cannot silently refuse a whole country.
 * @param name What the policy came from, for the error message (`countries`, `provider "x" countries`).
 */
export function createCountryCheck(policy: 'all' | readonly string[] | undefined, name = 'countries'): CountryCheck {
  if (policy === undefined) return isCoveredCountry
  if (policy === 'all') return () => true
  if (!Array.isArray(policy)) throw new TypeError(`${name} must be "all" or an array of ISO 3166-1 alpha-2 codes`)
  for (const code of policy) {
    if (typeof code !== 'string' || !PHONE_COUNTRIES.has(code)) throw new TypeError(`${name}: "${String(code)}" is not an ISO 3166-1 alpha-2 code with a numbering plan`)
  }
  const allowed = new Set<string>(policy)
  return (iso2) => allowed.has(iso2)
}

/** Reads a JSON object's own string/absent field; anything else is `invalid_request`. */
function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  if (!Object.hasOwn(body, field) || body[field] === undefined || body[field] === null) return undefined
  const value = body[field]
  if (typeof value !== 'string') throw refused('invalid_request', `"${field}" must be a string.`)
  return value
}

/**
 * Validates and normalizes a start body. Throws {@link ProxyError} with the matching code. A phone
 * number needs the phone library loaded first (`loadPhoneLibrary`).
 */
export function parseStartInput(body: Record<string, unknown>, acceptsCountry: CountryCheck = isCoveredCountry): StartInput {
  const to = optionalString(body, 'to')
  if (to === undefined || to.trim() === '') throw refused('invalid_request', '"to" is required.')

  const channelText = optionalString(body, 'channel') ?? 'sms'
  if (!ALL_CHANNELS.includes(channelText as Channel)) {
    throw refused('invalid_request', `"channel" must be one of ${ALL_CHANNELS.join(', ')}.`)
  }
  const channel = channelText as Channel

  const localeTag = optionalString(body, 'locale')
  const locale = localeTag === undefined ? DEFAULT_API_LOCALE : toApiLocale(localeTag)
  if (locale === undefined) throw refused('unsupported_locale')

  const tag = localeTag ?? 'en'
  if (channel === 'email') return { to: normalizeEmail(to), channel, locale, localeTag: tag }
  const phone = normalizePhoneNumber(to, acceptsCountry)
  return { to: phone.e164, channel, locale, localeTag: tag, country: phone.country }
}

/**
 * Accepts an E.164 number of an accepted country (by default the covered ones), allowing the spaces, dashes, dots and brackets
 * people paste (`+233 24 123-4567`). Unlike libphonenumber's own parser it does not extract a
 * number out of surrounding text, and it demands the leading `+`: the browser already knows the
 * country, so a national number here is a client bug, not something to guess about.
 */
export function normalizePhoneNumber(input: string, acceptsCountry: CountryCheck = isCoveredCountry): { e164: string; country: string } {
  const compact = compactPhoneNumber(input)
  // E.164's bounds (at most 15 digits), the rule the memory adapter and the sandbox apply too.
  if (!isE164(compact)) throw refused('invalid_phone_number')
  const parsed = parsePhoneNumber(compact)
  if (!parsed) throw refused('invalid_phone_number')
  // A country outside the accepted list wins over validity: "we don't serve it" is more useful
  // than "invalid" for a well-formed foreign number.
  const country = parsed.country ?? parsed.getPossibleCountries()[0]
  if (country !== undefined && !acceptsCountry(country)) throw refused('unsupported_country')
  if (!isValidPhoneNumber(parsed) || country === undefined) throw refused('invalid_phone_number')
  return { e164: parsed.number, country }
}

/**
 * Validates an e-mail address (the kit's one rule, `isEmailAddress` of `@hakiki/core`: the WHATWG
 * `input type=email` grammar, ASCII, at most 254 characters) and lower-cases it. Lower-casing the
 * local part is technically lossy, but no mainstream provider distinguishes case, and one spelling
 * per mailbox keeps the per-address limits from being dodged with `User@` vs `user@` and receipts
 * comparable.
 */
export function normalizeEmail(input: string): string {
  const trimmed = input.trim()
  if (!isEmailAddress(trimmed)) throw refused('invalid_email')
  return trimmed.toLowerCase()
}

/** Providers that ignore dots in the local part (`j.ane@gmail.com` is `jane@gmail.com`). */
const DOTLESS_DOMAINS: ReadonlyMap<string, string> = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
])

/**
 * The mailbox a normalized address delivers to, for per-address limits only: the sub-address
 * after `+` dropped (`jane+1@` is `jane@`), and at Gmail the dots too. Without it each spelling
 * had counters of its own, and one inbox could be flooded once per tag. Phone numbers (already
 * E.164) come back unchanged. Never used as the address itself: codes and receipts go to the
 * spelling the user typed.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  const plus = address.indexOf('+')
  let local = plus > 0 && plus < at ? address.slice(0, plus) : address.slice(0, at)
  const domain = DOTLESS_DOMAINS.get(address.slice(at + 1)) ?? address.slice(at + 1)
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll('.', '') || local
  return `${local}@${domain}`
}

/**
 * Normalizes a code for checking with the kit's one code rule (`readSubmittedCode` of
 * `@hakiki/core`): NFKC, Unicode digits to ASCII (`٤٥٦` → `456`), separators and bidi marks
 * dropped; the result must be 4 to 10 ASCII digits.
 *
 * Stricter than `normalizeCode` from `@hakiki/core` on purpose: that one serves an input field and
 * picks a code out of a pasted SMS ("Your code is 123456"); the server must not guess, because each
 * guess sent upstream burns one of the user's five attempts. Anything but digits and separators is
 * refused as `invalid_code_format`, which costs no attempt.
 */
export function normalizeCheckCode(input: unknown): string {
  const digits = readSubmittedCode(input)
  if (digits === undefined) throw refused('invalid_code_format')
  return digits
}
