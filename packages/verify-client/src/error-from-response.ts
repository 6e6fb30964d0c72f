import { isJsonObject, readScalar } from './parse-envelope'
import type { Exchange } from './send-request'
import { VerifyApiError } from './verify-api-error'
import type { VerifyApiErrorCode, VerifyApiOperation } from './verify-api-error'

/** Context of {@link errorFromResponse}. */
export interface ErrorContext {
  operation: VerifyApiOperation
  /** Clock in epoch milliseconds, for an HTTP-date `Retry-After`. */
  now: () => number
  /** Strings that must never reach an error (the client secret, the tokens in use). */
  secrets: readonly string[]
}

const CODES_BY_STATUS: ReadonlyMap<number, VerifyApiErrorCode> = new Map([
  [400, 'bad_request'],
  [401, 'unauthorized'],
  [404, 'not_found'],
  [407, 'proxy_auth_required'],
  [413, 'payload_too_large'],
  [415, 'unsupported_media_type'],
  [429, 'rate_limited'],
])

/** Longest `statusMessage` kept: enough for any real message, too short to smuggle a page. */
const MAX_TEXT_LENGTH = 500

/** Parses a body as JSON, or `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Builds the error for a non-2xx answer. It reads the spec's two error bodies, the client-style
 * one (`statusCode`, `statusMessage`) and the 500 one (`status`, `error`; its `message` and
 * `path` are left out because they describe the server's internals, not something to show), and,
 * for the token endpoint, the OAuth (`error_description`) and Apigee (`ErrorCode`, `Error`) ones.
 */
export function errorFromResponse(exchange: Exchange, context: ErrorContext): VerifyApiError {
  const { response } = exchange
  const body = parseJson(exchange.text)
  const fields = isJsonObject(body) ? body : {}
  const pick = (...names: string[]) => {
    for (const name of names) {
      const value = readScalar(fields[name])
      if (value !== undefined && value.trim() !== '') return scrub(value, context.secrets)
    }
    return undefined
  }
  const status = response.status
  const code: VerifyApiErrorCode =
    CODES_BY_STATUS.get(status) ?? (status >= 500 ? 'server_error' : 'http_error')
  return new VerifyApiError({
    code,
    operation: context.operation,
    status,
    statusCode: pick('statusCode', 'ErrorCode', 'status'),
    statusMessage: pick('statusMessage', 'error_description', 'Error', 'error'),
    transactionId: pick('transactionId'),
    retryAfter:
      status === 429 ? parseRetryAfter(response.headers.get('retry-after'), context.now) : undefined,
  })
}

/** The error for a 2xx answer whose body is not what the spec describes. */
export function invalidResponse(exchange: Exchange, operation: VerifyApiOperation): VerifyApiError {
  return new VerifyApiError({
    code: 'invalid_response',
    operation,
    status: exchange.response.status,
  })
}

/**
 * Removes the client's secrets, control characters and excess length from a text the service
 * sent. The service has no reason to echo a secret, but an error message is exactly what ends up
 * in logs and in front of users, so the client does not take that on trust.
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let clean = text
  for (const secret of secrets) {
    if (secret !== '') clean = clean.replaceAll(secret, '[redacted]')
  }
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  clean = clean.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  return clean.length > MAX_TEXT_LENGTH ? `${clean.slice(0, MAX_TEXT_LENGTH - 1)}…` : clean
}

/** `Retry-After` in whole seconds: delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: () => number): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now()) / 1000))
}
