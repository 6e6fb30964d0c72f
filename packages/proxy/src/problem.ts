/**
 * Problems: the proxy's only error shape on the wire (`application/problem+json`, RFC 9457), and
 * {@link ProxyError}, the one error class its code throws internally to produce them.
 */
import type { ErrorCode, ProblemDetails } from '@hakiki/core/rules'
import { PROBLEM_STATUS, PROBLEM_TYPE_BASE } from '@hakiki/core/rules'
import { setHeaderLine, textResponse } from './out-of-band-body'
import type { HeaderLines } from './out-of-band-body'

/** Short, fixed titles: never built from input or upstream text, so they cannot leak either. */
const TITLES: Record<ErrorCode, string> = {
  invalid_request: 'Invalid request',
  invalid_phone_number: 'Invalid phone number',
  invalid_email: 'Invalid e-mail address',
  unsupported_country: 'Country not supported',
  unsupported_number_type: 'Number type not supported',
  unsupported_channel: 'Channel not supported',
  unsupported_locale: 'Locale not supported',
  invalid_code_format: 'Invalid code format',
  rate_limited: 'Too many requests',
  not_found: 'Not found',
  expired: 'Verification expired',
  too_many_attempts: 'Too many attempts',
  forbidden_origin: 'Cross-site request refused',
  forbidden: 'Not allowed',
  upstream_unavailable: 'Verification service unavailable',
  upstream_error: 'Verification service error',
  store_unavailable: 'Service temporarily unavailable',
}

/**
 * The statuses an `invalid_request` may carry instead of the table's 400: refusals of the HTTP
 * exchange itself rather than of its content (wrong method, body too slow or too large, not JSON), where HTTP
 * has a more precise status that clients and intermediaries act on (`Allow` after a 405; a 413
 * is not retried with the same body). Every other code has exactly its `PROBLEM_STATUS`.
 */
export type ProtocolStatus = 405 | 408 | 413 | 415

/** Fields of a problem besides its code and status. */
export interface ProblemExtras {
  /** A fixed explanation (never input or upstream text). */
  detail?: string
  /** Seconds to wait; also sent as `Retry-After`. */
  retryAfter?: number
  /** Wrong codes the user may still try. */
  attemptsLeft?: number
  /** Extra response headers (`Allow` on a 405). */
  headers?: Record<string, string>
}

/** Extras of an `invalid_request`, which may name a {@link ProtocolStatus}. */
export interface InvalidRequestExtras extends ProblemExtras {
  /** A refusal of the HTTP exchange itself (405, 408, 413, 415); default the table's 400. */
  status?: ProtocolStatus
}

/**
 * The error the handler's code throws to answer with a problem. Thrown, not returned, so that deep
 * helpers (validation, limits) can refuse without threading results through every caller; caught
 * once at the handler's boundary. Its HTTP status is derived from its code through core's
 * `PROBLEM_STATUS` (one table for the proxy and the memory adapter), never written beside it;
 * only `invalid_request` may name a {@link ProtocolStatus}.
 */
export class ProxyError extends Error {
  override readonly name = 'ProxyError'
  /** Stable machine-readable code, one of `ERROR_CODES`. */
  readonly code: ErrorCode
  /** HTTP status of the answer: `PROBLEM_STATUS[code]`, or an `invalid_request`'s {@link ProtocolStatus}. */
  readonly status: number
  /** Everything else the problem carries. */
  readonly extras: ProblemExtras

  constructor(code: 'invalid_request', extras?: InvalidRequestExtras)
  constructor(code: ErrorCode, extras?: ProblemExtras)
  constructor(code: ErrorCode, extras: InvalidRequestExtras = {}) {
    super(extras.detail ?? TITLES[code])
    this.status = code === 'invalid_request' && extras.status !== undefined ? extras.status : PROBLEM_STATUS[code]
    this.code = code
    this.extras = extras
  }
}

/** Builds the problem+json response for `error`, with `Cache-Control: no-store`. */
export function problemResponse(error: ProxyError, headers: HeaderLines = []): Response {
  const { detail, retryAfter, attemptsLeft } = error.extras
  const body: ProblemDetails = {
    type: PROBLEM_TYPE_BASE + error.code,
    title: TITLES[error.code],
    status: error.status,
    code: error.code,
  }
  if (detail !== undefined) body.detail = detail
  if (retryAfter !== undefined) {
    body.retryAfter = Math.max(1, Math.ceil(retryAfter))
    setHeaderLine(headers, 'Retry-After', String(body.retryAfter))
  }
  if (attemptsLeft !== undefined) body.attemptsLeft = attemptsLeft
  for (const [name, value] of Object.entries(error.extras.headers ?? {})) setHeaderLine(headers, name, value)
  setHeaderLine(headers, 'Content-Type', 'application/problem+json')
  setHeaderLine(headers, 'Cache-Control', 'no-store')
  setHeaderLine(headers, 'X-Content-Type-Options', 'nosniff')
  return textResponse(JSON.stringify(body), error.status, headers)
}
