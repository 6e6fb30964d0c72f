/**
 * Validation of everything a browser sends, before any upstream call: a request the Verify API
 * would reject still costs a call, and one it would accept (a number of an uncovered country)
 * may cost an SMS.
 */
import type { ApiLocale, Channel } from '@hakiki/core'
import { CHANNELS, DEFAULT_API_LOCALE, isCoveredCountry, toApiLocale, toAsciiDigits } from '@hakiki/core'
// The `max` metadata checks full national number patterns, not only lengths as `min` does; its
// size (~150 kB) matters in a browser bundle but not on a server.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { ProxyError } from './problem'

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

/** Reads a JSON object's own string/absent field; anything else is `invalid_request`. */
function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  if (!Object.hasOwn(body, field) || body[field] === undefined || body[field] === null) return undefined
  const value = body[field]
  if (typeof value !== 'string') throw new ProxyError(400, 'invalid_request', { detail: `"${field}" must be a string.` })
  return value
}

/** Validates and normalizes a start body. Throws {@link ProxyError} with the matching code. */
export function parseStartInput(body: Record<string, unknown>): StartInput {
  const to = optionalString(body, 'to')
  if (to === undefined || to.trim() === '') throw new ProxyError(400, 'invalid_request', { detail: '"to" is required.' })

  const channelText = optionalString(body, 'channel') ?? 'sms'
  if (!CHANNELS.includes(channelText as Channel)) {
    throw new ProxyError(400, 'invalid_request', { detail: '"channel" must be one of sms, call, email.' })
  }
  const channel = channelText as Channel

  const localeTag = optionalString(body, 'locale')
  const locale = localeTag === undefined ? DEFAULT_API_LOCALE : toApiLocale(localeTag)
  if (locale === undefined) throw new ProxyError(400, 'unsupported_locale')

  const tag = localeTag ?? 'en'
  if (channel === 'email') return { to: normalizeEmail(to), channel, locale, localeTag: tag }
  const phone = normalizePhoneNumber(to)
  return { to: phone.e164, channel, locale, localeTag: tag, country: phone.country }
}

/**
 * Accepts an E.164 number of a covered country, allowing the spaces, dashes, dots and brackets
 * people paste (`+233 24 123-4567`). Unlike libphonenumber's own parser it does not extract a
 * number out of surrounding text, and it demands the leading `+`: the browser already knows the
 * country, so a national number here is a client bug, not something to guess about.
 */
export function normalizePhoneNumber(input: string): { e164: string; country: string } {
  const compact = input.trim().replace(/[\s().-]/g, '')
  if (!/^\+[1-9][0-9]{5,14}$/.test(compact)) throw new ProxyError(400, 'invalid_phone_number')
  const parsed = parsePhoneNumberFromString(compact)
  if (!parsed) throw new ProxyError(400, 'invalid_phone_number')
  // A country outside the covered list wins over validity: "we don't serve it" is more useful
  // than "invalid" for a well-formed foreign number.
  const country = parsed.country ?? parsed.getPossibleCountries()[0]
  if (country !== undefined && !isCoveredCountry(country)) throw new ProxyError(400, 'unsupported_country')
  if (!parsed.isValid() || country === undefined) throw new ProxyError(400, 'invalid_phone_number')
  return { e164: parsed.number, country }
}

// Control, format (bidi overrides, zero-width), line and paragraph separator characters: never
// part of an address, and the raw material of header injection and spoofed log lines.
const FORBIDDEN_IN_EMAIL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]/u
// A pragmatic address check (the WHATWG `input type=email` rule, without its IDN leniency on the
// local part): the API is the one that actually delivers, this only keeps garbage from reaching it.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/**
 * Validates an e-mail address and lower-cases it. Lower-casing the local part is technically
 * lossy, but no mainstream provider distinguishes case, and one spelling per mailbox keeps the
 * per-address limits from being dodged with `User@` vs `user@` and receipts comparable.
 */
export function normalizeEmail(input: string): string {
  const trimmed = input.trim()
  if (FORBIDDEN_IN_EMAIL.test(trimmed) || trimmed.length > 254) throw new ProxyError(400, 'invalid_email')
  const at = trimmed.lastIndexOf('@')
  if (at < 1 || at > 64 || !EMAIL.test(trimmed) || trimmed.includes('..')) throw new ProxyError(400, 'invalid_email')
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

// Separators people and SMS apps put inside a code, and the invisible marks that RTL text and
// autofill add around it.
const CODE_SEPARATORS = /[\s\-\u2010-\u2015.\u00B7\u2022\u2027_\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g

/**
 * Normalizes a code for checking: NFKC, Unicode digits to ASCII (`٤٥٦` → `456`), separators and
 * bidi marks dropped; the result must be 4 to 10 ASCII digits.
 *
 * Stricter than `normalizeCode` from `@hakiki/core` on purpose: that one serves an input field and
 * picks a code out of a pasted SMS ("Your code is 123456"); the server must not guess, because each
 * guess sent upstream burns one of the user's five attempts. Anything but digits and separators is
 * refused as `invalid_code_format`, which costs no attempt.
 */
export function normalizeCheckCode(input: unknown): string {
  if (typeof input !== 'string' || input.length > 64) throw new ProxyError(400, 'invalid_code_format')
  const digits = toAsciiDigits(input.normalize('NFKC')).replace(CODE_SEPARATORS, '')
  if (!/^[0-9]{4,10}$/.test(digits)) throw new ProxyError(400, 'invalid_code_format')
  return digits
}
