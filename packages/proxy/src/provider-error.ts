/**
 * The one error a {@link VerifyProvider} rejects with. Each provider classifies its service's
 * failures into a {@link ProviderErrorKind}; the proxy maps kinds to problems in one table
 * (`upstream-problem.ts`). A provider's own message is kept for server logs only, never sent on.
 */

/** Why a provider call failed, as far as the proxy needs to know. */
export type ProviderErrorKind =
  /** The service refused the phone number (malformed, unreachable, wrong type). */
  | 'invalid_phone_number'
  /** The service refused the e-mail address. */
  | 'invalid_email'
  /** The service does not send to this country (or geo-permissions block it). */
  | 'unsupported_country'
  /**
   * The service cannot use this channel (not configured or disabled for the service, e.g. Twilio
   * 60217, 60223): an answer about this request, not an outage.
   */
  | 'unsupported_channel'
  /** The service refused the locale. */
  | 'unsupported_locale'
  /** The service refused the code's format on check. */
  | 'invalid_code_format'
  /** Unknown, finished, expired or (Verify API) approved verification. */
  | 'not_found'
  /** Too many wrong codes: the verification is finished (Twilio 60202). */
  | 'max_attempts'
  /** Too many sends for this verification or address (Twilio 60203). */
  | 'max_sends'
  /** The service throttled us; see `retryAfter` (HTTP 429, Twilio 20429). */
  | 'rate_limited'
  /** The service's own fraud guard refused the send (Twilio 60410). */
  | 'fraud_blocked'
  /** No answer in time. Whether the send happened is unknown. */
  | 'timeout'
  /** Transient: network failure or a 5xx. Retrying later may work. */
  | 'unavailable'
  /** Our configuration is wrong (credentials, base URL, service id) or the request was refused for a reason we cannot name. Retrying will not help. */
  | 'misconfigured'
  /** A 2xx answer that is not what the service documents. */
  | 'invalid_response'

/** Fields of a {@link ProviderError} besides `kind`. */
export interface ProviderErrorInit {
  /** Which call failed. */
  operation: 'start' | 'check' | 'status' | 'rates'
  /** The provider's name (`verify-api`, `twilio`). */
  provider: string
  /** HTTP status of the service's answer, when there was one. */
  status?: number
  /** The service's own error code (`60202`, `400`), for logs. */
  providerCode?: string
  /** Seconds to wait, from the service's `Retry-After`, when it sent one. */
  retryAfter?: number
  /** The underlying error. */
  cause?: unknown
}

/** A classified failure of an upstream verification service. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError'
  /** Stable classification; the proxy branches on it. */
  readonly kind: ProviderErrorKind
  /** Which call failed. */
  readonly operation: ProviderErrorInit['operation']
  /** The provider's name. */
  readonly provider: string
  /** HTTP status of the service's answer, when there was one. */
  readonly status: number | undefined
  /** The service's own error code, for logs. */
  readonly providerCode: string | undefined
  /** Seconds to wait before retrying, when the service said. */
  readonly retryAfter: number | undefined

  constructor(kind: ProviderErrorKind, init: ProviderErrorInit, message?: string) {
    super(message ?? `${init.provider} ${init.operation} failed: ${kind}`, init.cause === undefined ? undefined : { cause: init.cause })
    this.kind = kind
    this.operation = init.operation
    this.provider = init.provider
    this.status = init.status
    this.providerCode = init.providerCode
    this.retryAfter = init.retryAfter
  }
}

/** True when `error` is a {@link ProviderError} (optionally of one `kind`). */
export function isProviderError(error: unknown, kind?: ProviderErrorKind): error is ProviderError {
  return error instanceof ProviderError && (kind === undefined || error.kind === kind)
}
