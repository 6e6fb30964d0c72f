/**
 * Twilio's error answers, classified into the proxy's `ProviderErrorKind`s. One table, read from
 * Twilio's error dictionary (https://www.twilio.com/docs/api/errors):
 *
 * | Twilio code / HTTP status            | kind                       |
 * |--------------------------------------|----------------------------|
 * | 60202 max check attempts             | `max_attempts`             |
 * | 60203 max send attempts              | `max_sends`                |
 * | 60410, 60412 Fraud Guard blocks      | `fraud_blocked`            |
 * | 21408 geo-permissions (disabled region) | `unsupported_country`   |
 * | 60205 landline, 21211, 21614         | `invalid_phone_number`     |
 * | 60200 "Invalid parameter: To"        | `invalid_phone_number` / `invalid_email` (by channel) |
 * | 60200 naming `Locale`                | `unsupported_locale`       |
 * | 60200 naming `Code` (check)          | `invalid_code_format`      |
 * | 20404 / 404 on check and status      | `not_found` (expired, approved, exhausted or unknown) |
 * | 20404 / 404 on start                 | `misconfigured` (the service SID; this provider never sends an unsupported locale) |
 * | 20429, 60212, any 429                | `rate_limited`             |
 * | 20003, 401, 403, any other 4xx       | `misconfigured`            |
 * | 5xx                                  | `unavailable`              |
 */
import type { Channel } from '@hakiki/core'
import type { ProviderErrorKind } from '@hakiki/proxy'

/** What is known about one failed answer. */
export interface TwilioFailure {
  operation: 'start' | 'check' | 'status'
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
  21408: 'unsupported_country',
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
  // Channel, or a parameter we never send: our configuration (e.g. a channel the service lacks).
  return 'misconfigured'
}
