import { BodyTooLargeError } from '@hakiki/provider'

/** Stable, machine-readable reason of a {@link VerifyApiError}. */
export type VerifyApiErrorCode =
  /** HTTP 400: the service rejected the request body or parameters. */
  | 'bad_request'
  /** HTTP 401: bad client credentials, or the token was refused twice in a row. */
  | 'unauthorized'
  /** HTTP 404: unknown verification (or one that is already approved: see the spec). */
  | 'not_found'
  /** HTTP 407: the service's proxy layer refused to authenticate the call. */
  | 'proxy_auth_required'
  /** HTTP 413. */
  | 'payload_too_large'
  /** HTTP 415. */
  | 'unsupported_media_type'
  /** HTTP 429: see {@link VerifyApiError.retryAfter}. */
  | 'rate_limited'
  /** HTTP 5xx. */
  | 'server_error'
  /** Any other non-2xx HTTP status (3xx included: redirects are not followed). */
  | 'http_error'
  /** No complete answer within `timeoutMs`. */
  | 'timeout'
  /** The request never got an HTTP answer (DNS, refused connection, reset, TLS). */
  | 'network_error'
  /** A 2xx answer whose body is not what the spec describes. */
  | 'invalid_response'

/** The API operation that failed. */
export type VerifyApiOperation = 'token' | 'create' | 'get' | 'verify' | 'rates'

/** Everything a {@link VerifyApiError} carries besides its message. */
export interface VerifyApiErrorDetails {
  code: VerifyApiErrorCode
  operation: VerifyApiOperation
  status?: number
  statusCode?: string
  statusMessage?: string
  retryAfter?: number
  transactionId?: string
  cause?: unknown
}

/**
 * The one error the Verify client throws (besides the caller's own abort reason, which is
 * rethrown unchanged). It never holds the client secret or an access token: the message is built
 * only from the operation, the HTTP status and the service's `statusMessage`, and the client
 * scrubs its secrets out of the latter before constructing the error.
 */
export class VerifyApiError extends Error {
  override readonly name = 'VerifyApiError' as const
  /** Stable reason, safe to branch on. */
  readonly code: VerifyApiErrorCode
  /** Which call failed. */
  readonly operation: VerifyApiOperation
  // `declare`: optional fields must not become own `undefined` properties (ES2022 class fields).
  /** HTTP status, when the service answered. */
  declare readonly status?: number
  /** The service's `statusCode` (an extension of the HTTP status), when it sent one. */
  declare readonly statusCode?: string
  /** The service's `statusMessage`: meant to be shown to a client, never contains secrets. */
  declare readonly statusMessage?: string
  /** Seconds to wait before retrying, from `Retry-After` on a 429. */
  declare readonly retryAfter?: number
  /** The service's tracing id, when the error body carried one. */
  declare readonly transactionId?: string

  /** Built by the client; exported so callers can use `instanceof`. */
  constructor(details: VerifyApiErrorDetails) {
    super(
      describe(details),
      details.cause === undefined ? undefined : { cause: details.cause },
    )
    this.code = details.code
    this.operation = details.operation
    // Assigned only when known, so `JSON.stringify(err)` and `'status' in err` stay honest.
    if (details.status !== undefined) this.status = details.status
    if (details.statusCode !== undefined) this.statusCode = details.statusCode
    if (details.statusMessage !== undefined) this.statusMessage = details.statusMessage
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter
    if (details.transactionId !== undefined) this.transactionId = details.transactionId
  }
}

const OPERATION_LABELS: Record<VerifyApiOperation, string> = {
  token: 'access token request',
  create: 'create verification',
  get: 'get verification',
  verify: 'check verification code',
  rates: 'get SMS rates',
}

function describe(details: VerifyApiErrorDetails): string {
  const where = `Verify API ${OPERATION_LABELS[details.operation]} failed`
  const status = details.status === undefined ? '' : ` with HTTP ${details.status}`
  const message = details.statusMessage ? `: ${details.statusMessage}` : ''
  // An answer cut at the size limit says which limit, so the operator knows what to raise.
  const cut = details.cause instanceof BodyTooLargeError ? `: the answer is over the ${details.cause.maxBytes}-byte limit` : ''
  return `${where}${status} (${details.code})${message}${cut}`
}
