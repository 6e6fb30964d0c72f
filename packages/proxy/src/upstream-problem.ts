/**
 * How failures of the Verify API become problems. Upstream bodies and messages are never passed
 * on: they may name internal systems, and the browser only needs to know whether to retry.
 *
 * | client error code                       | problem                       | why                                    |
 * |-----------------------------------------|-------------------------------|----------------------------------------|
 * | `not_found` on get and check            | 404 `not_found`               | unknown, finished or approved          |
 * | `not_found` on create and rates         | 502 `upstream_error`          | the endpoint itself is missing: a wrong `baseUrl` |
 * | `rate_limited`                          | 429 `rate_limited`            | with the API's `Retry-After`, or 60 s  |
 * | `bad_request` on create                 | 400 address/locale code, else 502 `upstream_error` | the API refused what we validated |
 * | `bad_request` on check                  | 400 `invalid_code_format`     |                                        |
 * | `timeout`, `network_error`, `server_error` | 503 `upstream_unavailable` | transient: retrying later may work     |
 * | `unauthorized`, `proxy_auth_required`, `invalid_response`, `http_error`, others | 502 `upstream_error` | our configuration or the API is broken; retrying will not help |
 *
 * A 401 reaches this table only after the client refreshed its token and retried once.
 * Node's `fetch` reports a 407 as a network error (see the toolchain notes), so depending on the
 * transport a 407 is 502 or 503; either way the browser learns only "the service failed".
 */
import type { Channel } from '@hakiki/core'
import { VerifyApiError } from '@hakiki/verify-client'
import { ProxyError } from './problem'

/** The operation the proxy was performing, to pick the right validation code for a 400. */
export type UpstreamContext = { operation: 'create'; channel: Channel } | { operation: 'get' | 'verify' | 'rates' }

/**
 * Longest wait passed on from the API's `Retry-After`: its number is not ours to trust, and a
 * huge one (`1e22`) would be sent to browsers as is and stop the rates route's retries for good.
 */
export const MAX_RETRY_AFTER_SECONDS = 3600

function clampRetryAfter(seconds: number): number {
  return Number.isFinite(seconds) ? Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds))) : 60
}

/** Maps anything the Verify client threw to a {@link ProxyError}. */
export function upstreamProblem(error: unknown, context: UpstreamContext): ProxyError {
  if (!(error instanceof VerifyApiError)) return new ProxyError(503, 'upstream_unavailable')
  switch (error.code) {
    case 'not_found':
      return context.operation === 'get' || context.operation === 'verify' ? new ProxyError(404, 'not_found') : new ProxyError(502, 'upstream_error')
    case 'rate_limited':
      return new ProxyError(429, 'rate_limited', { retryAfter: clampRetryAfter(error.retryAfter ?? 60) })
    case 'bad_request':
      return badRequestProblem(error, context)
    case 'timeout':
    case 'network_error':
    case 'server_error':
      return new ProxyError(503, 'upstream_unavailable', { retryAfter: 30 })
    default:
      return new ProxyError(502, 'upstream_error')
  }
}

function badRequestProblem(error: VerifyApiError, context: UpstreamContext): ProxyError {
  if (context.operation === 'verify') return new ProxyError(400, 'invalid_code_format')
  if (context.operation !== 'create') return new ProxyError(502, 'upstream_error')
  // Only the text decides which of our fields the API disliked; it is matched, never echoed.
  const text = `${error.statusCode ?? ''} ${error.statusMessage ?? ''}`
  if (/locale|language/i.test(text)) return new ProxyError(400, 'unsupported_locale')
  if (context.channel !== 'email' && /country|region/i.test(text)) return new ProxyError(400, 'unsupported_country')
  if (/\b(to|phone|number|e-?mail|address|recipient)\b/i.test(text)) {
    return new ProxyError(400, context.channel === 'email' ? 'invalid_email' : 'invalid_phone_number')
  }
  return new ProxyError(502, 'upstream_error')
}
