/**
 * The one error type of the sandbox's HTTP boundary: thrown anywhere inside a request and turned
 * into the spec's error body by the Fetch handler.
 */

/** Stable, machine-readable reason of a {@link SandboxApiError}. */
export type SandboxErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'proxy_authentication_required'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'internal_error'

/** HTTP statuses a {@link SandboxApiError} can carry. */
export type SandboxErrorStatus = 400 | 401 | 404 | 405 | 407 | 413 | 415 | 429 | 500

const CODE_BY_STATUS: Record<SandboxErrorStatus, SandboxErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  407: 'proxy_authentication_required',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'internal_error',
}

/** An error answered with an HTTP status and the spec's error body. */
export class SandboxApiError extends Error {
  override readonly name = 'SandboxApiError'
  /** Stable reason, derived from the status. */
  readonly code: SandboxErrorCode
  /** HTTP status of the answer. */
  readonly status: SandboxErrorStatus
  /** Extra response headers (`Allow`, `Retry-After`, `WWW-Authenticate`). */
  readonly headers: Readonly<Record<string, string>>

  /**
   * @param status HTTP status of the answer.
   * @param message Shown to the caller as `statusMessage` (or `message` for 500): say what was
   *   wrong and how to fix it, and never include a secret, token, code or the user's address.
   */
  constructor(status: SandboxErrorStatus, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.code = CODE_BY_STATUS[status]
    this.headers = headers
  }
}
