/**
 * Twilio's error answers, classified into the provider port's `ProviderErrorKind`s. One table, read from
 * Twilio's error dictionary (https://www.twilio.com/docs/api/errors):
 *
 * | Twilio code / HTTP status            | kind                       |
 * |--------------------------------------|----------------------------|
 * | 60202 max check attempts             | `max_attempts`             |
 * | 60203 max send attempts              | `max_sends`                |
 * | 60410, 60412 Fraud Guard blocks      | `fraud_blocked`            |
 * | 60605 Verify geo-permissions (country blocked) | `unsupported_country` |
 * | 21408 Messaging geo-permissions (disabled region) | `unsupported_country` |
 * | 60217 e-mail channel not configured (no Mailer) | `unsupported_channel` |
 * | 60223 delivery channel disabled for the service | `unsupported_channel` |
 * | 60205 landline, 21211, 21614         | `invalid_phone_number`     |
 * | 60200 "Invalid parameter: To"        | `invalid_phone_number` / `invalid_email` (by channel) |
 * | 60200 naming `Locale`                | `unsupported_locale`       |
 * | 60200 naming `Code` (check)          | `invalid_code_format`      |
 * | 20404 / 404 on check, status, cancel | `not_found` (expired, approved, exhausted or unknown) |
 * | 20404 / 404 on start                 | `misconfigured` (the service SID; this provider never sends an unsupported locale) |
 * | 20429, 60212, any 429                | `rate_limited`             |
 * | 20003, 401, 403, any other 4xx       | `misconfigured`            |
 * | 5xx                                  | `unavailable`              |
 *
 * Only `unavailable` (and the provider's own `timeout`) mean Twilio is down; the proxy's circuit
 * breaker counts nothing else. Everything above it is an answer about one request, several of
 * which an attacker can provoke at will (a number in a blocked country, the e-mail channel), so
 * each maps to its own kind and affects that request only.
 */
import type { Channel } from '@hakiki/core'
import type { ProviderErrorKind } from '@hakiki/provider'

/** The provider operations that call Twilio. */
export type TwilioOperation = 'start' | 'check' | 'status' | 'cancel'

/** What is known about one failed answer. */
export interface TwilioFailure {
  operation: TwilioOperation
  /** HTTP status. */
  status: number
  /** Twilio's `code`, when the body had one. */
  code?: number
  /** Twilio's `message`, matched against parameter names only, never passed on. */
  message?: string
  /** The channel of a start. */
  channel?: Channel
}

const BY_CODE: Readonly<Record<number, ProviderErrorKind>> = {
  60202: 'max_attempts',
  60203: 'max_sends',
  60410: 'fraud_blocked',
  60412: 'fraud_blocked',
  60605: 'unsupported_country',
  21408: 'unsupported_country',
  60217: 'unsupported_channel',
  60223: 'unsupported_channel',
  60205: 'invalid_phone_number',
  21211: 'invalid_phone_number',
  21614: 'invalid_phone_number',
  60212: 'rate_limited',
  20429: 'rate_limited',
  20003: 'misconfigured',
}

/** The kind of a failed Twilio answer. */
export function classifyTwilioError(failure: TwilioFailure): ProviderErrorKind {
  const { operation, status, code, message = '' } = failure
  const byCode = code === undefined ? undefined : BY_CODE[code]
  if (byCode) return byCode
  if (code === 60200) return invalidParameterKind(failure, message)
  if (status === 404 || code === 20404) return operation === 'start' ? 'misconfigured' : 'not_found'
  if (status === 429) return 'rate_limited'
  if (status >= 500) return 'unavailable'
  return 'misconfigured'
}

function invalidParameterKind({ operation, channel }: TwilioFailure, message: string): ProviderErrorKind {
  if (operation === 'check') return /\bcode\b/i.test(message) ? 'invalid_code_format' : 'not_found'
  if (/\blocale\b/i.test(message)) return 'unsupported_locale'
  if (/\bto\b/i.test(message)) return channel === 'email' ? 'invalid_email' : 'invalid_phone_number'
  // The channel of this request (one the service lacks): this request only.
  if (/\bchannel\b/i.test(message)) return 'unsupported_channel'
  // A parameter we never send: our configuration.
  return 'misconfigured'
}
