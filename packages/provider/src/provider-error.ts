/**
 * The one error a {@link VerifyProvider} rejects with. Each provider classifies its service's (or
 * its transports') failures into a {@link ProviderErrorKind}; the proxy maps kinds to problems in
 * one table. A provider's own message is kept for server logs only, never sent on, and never
 * holds a code, a secret or a whole address.
 *
 * `@hakiki/proxy` re-exports this class: the proxy, its providers and the contract suite share it.
 */

/** Why a provider call failed, as far as the proxy needs to know. */
export type ProviderErrorKind =
  /** The service refused the phone number (malformed, unreachable, wrong type). */
  | 'invalid_phone_number'
  /** The service refused the e-mail address. */
  | 'invalid_email'
  /** The service does not send to this country (or geo-permissions block it). */
  | 'unsupported_country'
  /** The provider cannot send over this channel (it is not in its `channels`). */
  | 'unsupported_channel'
  /** The service refused the locale. */
  | 'unsupported_locale'
  /** The service refused the code's format on check. */
  | 'invalid_code_format'
  /** Unknown, finished, expired or (Verify API) approved verification. */
  | 'not_found'
  /** Too many wrong codes: the verification is finished. */
  | 'max_attempts'
  /** Too many sends for this verification or address. */
  | 'max_sends'
  /** The service throttled us; see `retryAfter`. */
  | 'rate_limited'
  /** The service's own fraud guard refused the send. */
  | 'fraud_blocked'
  /** No answer in time. Whether the send happened is unknown. */
  | 'timeout'
  /** Transient: network failure, a 5xx, every route of a channel failed. Retrying later may work. */
  | 'unavailable'
  /** Our configuration is wrong (credentials, base URL, a redirect) or refused for a reason we cannot name. */
  | 'misconfigured'
  /** An answer that is not what the service documents (or larger than allowed). */
  | 'invalid_response'

/** Every kind, for tables and tests. */
export const PROVIDER_ERROR_KINDS: readonly ProviderErrorKind[] = [
  'invalid_phone_number',
  'invalid_email',
  'unsupported_country',
  'unsupported_channel',
  'unsupported_locale',
  'invalid_code_format',
  'not_found',
  'max_attempts',
  'max_sends',
  'rate_limited',
  'fraud_blocked',
  'timeout',
  'unavailable',
  'misconfigured',
  'invalid_response',
]

/** Which call of a provider (or of one of its transports) failed. */
export type ProviderOperation = 'start' | 'check' | 'status' | 'cancel' | 'rates' | 'send' | 'report'

/** Fields of a {@link ProviderError} besides `kind`. */
export interface ProviderErrorInit {
  /** Which call failed. */
  operation: ProviderOperation
  /** The provider's (or transport's) name (`verify-api`, `twilio`, `engine`, `smtp`). */
  provider: string
  /** HTTP status of the service's answer, when there was one. */
  status?: number
  /** The service's own error code (`60202`, an SMPP `command_status`), for logs. */
  providerCode?: string
  /** Seconds to wait, from the service's `Retry-After`, when it sent one. */
  retryAfter?: number
  /** The underlying error. */
  cause?: unknown
}

/** A classified failure of a provider. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError'
  /** Stable classification; callers branch on it. */
  readonly kind: ProviderErrorKind
  /** Which call failed. */
  readonly operation: ProviderOperation
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

/**
 * True when `error` is a provider error (optionally of one `kind`). Duck-typed on the name and the
 * kind, so an error from another copy of this package (two versions installed side by side) is
 * recognised too.
 */
export function isProviderError(error: unknown, kind?: ProviderErrorKind): error is ProviderError {
  if (!(error instanceof Error) || error.name !== 'ProviderError') return false
  const found = (error as { kind?: unknown }).kind
  return typeof found === 'string' && (kind === undefined || found === kind)
}
