/**
 * How failures of the upstream provider become problems: one table from
 * {@link ProviderErrorKind} to the answer the browser gets. Provider bodies and messages are never
 * passed on: they may name internal systems, and the browser only needs to know whether to retry.
 */
import { ProviderError } from '@hakiki/provider'
import type { ProviderErrorKind } from '@hakiki/provider'
import { ProxyError } from './problem'

/**
 * Longest wait passed on from the provider's `Retry-After`: its number is not ours to trust, and a
 * huge one (`1e22`) would be sent to browsers as is and stop the rates route's retries for good.
 */
export const MAX_RETRY_AFTER_SECONDS = 3600

/** Seconds a browser is told to wait after a transient provider failure. */
export const UPSTREAM_RETRY_SECONDS = 30

function clampRetryAfter(seconds: number | undefined): number {
  return seconds !== undefined && Number.isFinite(seconds) ? Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds))) : 60
}

/**
 * | kind | problem | why |
 * |---|---|---|
 * | `invalid_phone_number`, `invalid_email`, `unsupported_country`, `unsupported_locale`, `invalid_code_format` | 400 with that code | the provider refused what we validated |
 * | `unsupported_channel` | 400 `unsupported_channel` | the service cannot use that channel (not set up, disabled) |
 * | `not_found` on check/status | 404 `not_found` | unknown, finished or approved |
 * | `not_found` on start/rates | 502 `upstream_error` | the endpoint itself is missing: a wrong base URL |
 * | `max_attempts` | 429 `too_many_attempts`, `attemptsLeft: 0` | the verification is finished |
 * | `max_sends`, `rate_limited` | 429 `rate_limited` with the provider's `Retry-After` (or 60 s, at most 1 h) | |
 * | `fraud_blocked` | 403 `forbidden` | the provider's own fraud guard |
 * | `timeout`, `unavailable` | 503 `upstream_unavailable`, `Retry-After: 30` | transient |
 * | `misconfigured`, `invalid_response` | 502 `upstream_error` | our configuration or the provider is broken |
 */
const TABLE: Record<ProviderErrorKind, (error: ProviderError) => ProxyError> = {
  invalid_phone_number: () => new ProxyError('invalid_phone_number'),
  invalid_email: () => new ProxyError('invalid_email'),
  unsupported_country: () => new ProxyError('unsupported_country'),
  unsupported_channel: () => new ProxyError('unsupported_channel', { detail: 'This channel is not available; choose another.' }),
  unsupported_locale: () => new ProxyError('unsupported_locale'),
  invalid_code_format: () => new ProxyError('invalid_code_format'),
  not_found: (error) => (error.operation === 'check' || error.operation === 'status' ? new ProxyError('not_found') : new ProxyError('upstream_error')),
  max_attempts: () => new ProxyError('too_many_attempts', { attemptsLeft: 0, detail: 'Request a new code.' }),
  max_sends: (error) => new ProxyError('rate_limited', { retryAfter: clampRetryAfter(error.retryAfter) }),
  rate_limited: (error) => new ProxyError('rate_limited', { retryAfter: clampRetryAfter(error.retryAfter) }),
  fraud_blocked: () => new ProxyError('forbidden'),
  timeout: () => new ProxyError('upstream_unavailable', { retryAfter: UPSTREAM_RETRY_SECONDS }),
  unavailable: () => new ProxyError('upstream_unavailable', { retryAfter: UPSTREAM_RETRY_SECONDS }),
  misconfigured: () => new ProxyError('upstream_error'),
  invalid_response: () => new ProxyError('upstream_error'),
}

/**
 * Whether a failure says the provider is down (network, timeout, 5xx, or an error no provider
 * classified) rather than answering about this one request. Only these feed the start circuit
 * breaker: an answer an attacker can provoke (a blocked country, a channel the service lacks, an
 * invalid number) must never shut starts for everyone.
 */
export function isOutage(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return true
  return error.kind === 'timeout' || error.kind === 'unavailable'
}

/** Maps anything a provider rejected with to a {@link ProxyError}; an unclassified error is 503. */
export function upstreamProblem(error: unknown): ProxyError {
  if (!(error instanceof ProviderError)) return new ProxyError('upstream_unavailable', { retryAfter: UPSTREAM_RETRY_SECONDS })
  return TABLE[error.kind](error)
}
