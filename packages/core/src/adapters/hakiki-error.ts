import { ERROR_CODES, type ErrorCode } from './contract'

/**
 * Every `code` a {@link HakikiError} can carry: the proxy's stable codes, plus two the browser side
 * adds for answers that never made it as a problem: `network_error` (the request failed: offline,
 * DNS, refused connection, CORS) and `invalid_response` (an answer that is not the contract's JSON,
 * e.g. an HTML page from a misconfigured `baseUrl`).
 */
export type HakikiErrorCode = ErrorCode | 'network_error' | 'invalid_response'

/** Fields of a {@link HakikiError} besides `code`. */
export interface HakikiErrorInit {
  /** HTTP status of the answer, when there was one. */
  status?: number
  /** Human-readable detail from the proxy; never contains a code, token or full address. */
  detail?: string
  /** Seconds to wait before trying again (`rate_limited`). */
  retryAfter?: number
  /** Wrong codes the user may still try. */
  attemptsLeft?: number
  /** The underlying error (a `TypeError` from `fetch`, a JSON syntax error). */
  cause?: unknown
}

// Pure: a bundle that only recognises the error (`isHakikiError`) drops the set and the code list.
const KNOWN_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set(ERROR_CODES)

/**
 * Every {@link HakikiError} the constructor made (a subclass's too). `isHakikiError` asks it instead
 * of `instanceof`: code that only recognises the error (the flow's store) then bundles neither the
 * class nor its problem parser (issue 24). Like `instanceof`, it does not recognise an error of
 * another copy of this package, nor a copy of an error (a spread, JSON).
 */
const MADE: WeakSet<object> = /* @__PURE__ */ new WeakSet()

/**
 * The one error type of the browser side: every adapter rejects with it (except on abort, where
 * the signal's reason is rethrown untouched so TanStack Query and callers recognize cancellation).
 * Branch on `code`, which is stable; `message` is for developers, not for end users.
 */
export class HakikiError extends Error {
  override readonly name = 'HakikiError'
  /** Stable machine-readable code; see {@link HakikiErrorCode}. */
  readonly code: HakikiErrorCode
  /** HTTP status of the answer, when there was one. */
  readonly status: number | undefined
  /** Human-readable detail from the proxy. */
  readonly detail: string | undefined
  /** Seconds to wait before trying again. */
  readonly retryAfter: number | undefined
  /** Wrong codes the user may still try. */
  readonly attemptsLeft: number | undefined

  constructor(code: HakikiErrorCode, message?: string, init: HakikiErrorInit = {}) {
    super(message ?? init.detail ?? code, init.cause === undefined ? undefined : { cause: init.cause })
    this.code = code
    this.status = init.status
    this.detail = init.detail
    this.retryAfter = init.retryAfter
    this.attemptsLeft = init.attemptsLeft
    MADE.add(this)
  }

  /**
   * Rebuilds the error from an `application/problem+json` body and its HTTP status. A body that is
   * not a problem of a known `code` (a newer proxy, a gateway's error page) gets a code from the
   * status: 429 → `rate_limited`, 502/503/504 → `upstream_unavailable`, other 5xx → `upstream_error`,
   * anything else → `invalid_response`.
   *
   * @param retryAfterHeader The `Retry-After` header, used when the body has no `retryAfter`.
   */
  static fromProblem(body: unknown, status: number, retryAfterHeader?: string | null): HakikiError {
    const problem = isRecord(body) ? body : {}
    const code = typeof problem.code === 'string' && KNOWN_CODES.has(problem.code) ? (problem.code as ErrorCode) : codeForStatus(status)
    const detail = typeof problem.detail === 'string' ? problem.detail : undefined
    const title = typeof problem.title === 'string' ? problem.title : undefined
    return new HakikiError(code, detail ?? title ?? `HTTP ${status}`, {
      status,
      detail,
      retryAfter: nonNegative(problem.retryAfter) ?? parseRetryAfter(retryAfterHeader),
      attemptsLeft: nonNegative(problem.attemptsLeft),
    })
  }
}

/** True when `error` is a {@link HakikiError}; pass `code` to test for one code. */
export function isHakikiError(error: unknown, code?: HakikiErrorCode): error is HakikiError {
  return MADE.has(error as object) && (code === undefined || (error as HakikiError).code === code)
}

function codeForStatus(status: number): HakikiErrorCode {
  if (status === 429) return 'rate_limited'
  if (status === 502 || status === 503 || status === 504) return 'upstream_unavailable'
  if (status >= 500) return 'upstream_error'
  return 'invalid_response'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function nonNegative(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
}

/** `Retry-After` in delta-seconds (the only form the proxy sends); an HTTP date is ignored. */
function parseRetryAfter(header: string | null | undefined): number | undefined {
  return header && /^\s*\d+\s*$/.test(header) ? Number(header) : undefined
}
