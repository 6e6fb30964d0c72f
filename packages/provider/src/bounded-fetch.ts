/**
 * The one way providers and transports call an HTTP service: a deadline over the whole exchange
 * (headers and body), a size limit on the body read, and no redirects (a 3xx would carry the
 * request, credentials included, to whatever host it names). Failures without a usable answer
 * become a {@link ProviderError}; a caller's abort rejects with the caller's own reason. HTTP
 * statuses are the caller's to classify ({@link kindOfStatus} gives the usual reading).
 */
import { ProviderError, type ProviderErrorKind, type ProviderOperation } from './provider-error'
import { BodyTooLargeError, readBoundedText } from './read-bounded-text'

/** Limits and labels of one {@link boundedFetch}. */
export interface BoundedFetchOptions {
  /** Name for errors (`africas-talking`). */
  provider: string
  operation: ProviderOperation
  /** Deadline of the whole exchange in milliseconds (headers and body). */
  timeoutMs: number
  /** Most body bytes read; a larger answer is `invalid_response`. Default 64 KiB. */
  maxBytes?: number
  /** The caller's signal: its abort is rethrown as is. */
  signal?: AbortSignal
  /** The fetch to use (tests, a proxied fetch); default the platform's. */
  fetch?: typeof globalThis.fetch
}

/** A finished exchange: status, headers and the whole body as text. */
export interface BoundedResponse {
  status: number
  headers: Headers
  text: string
}

/** Default {@link BoundedFetchOptions.maxBytes}: far above any vendor's answer to one send. */
export const DEFAULT_MAX_BYTES = 64 * 1024

/** Sends one request under a deadline and a size limit, following no redirect. */
export async function boundedFetch(url: string | URL, init: RequestInit, options: BoundedFetchOptions): Promise<BoundedResponse> {
  const { signal: callerSignal, provider, operation } = options
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  callerSignal?.throwIfAborted()
  const controller = new AbortController()
  let timedOut = false
  // By hand rather than AbortSignal.any/timeout: both are removed as soon as the call settles, so
  // a long-lived caller signal collects no listeners and no timer outlives its request.
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException(`${provider} did not answer in time`, 'TimeoutError'))
  }, options.timeoutMs)
  const forwardAbort = () => controller.abort(callerSignal?.reason)
  callerSignal?.addEventListener('abort', forwardAbort, { once: true })
  const fail = (kind: ProviderErrorKind, extra: { status?: number; cause?: unknown } = {}, message?: string) =>
    new ProviderError(kind, { provider, operation, ...extra }, message)
  try {
    let response: Response
    try {
      response = await (options.fetch ?? globalThis.fetch)(url, { ...init, redirect: 'manual', signal: controller.signal })
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason
      if (timedOut) throw fail('timeout')
      throw fail('unavailable', { cause: error })
    }
    // `manual` gives a 3xx (or, in browsers and workers, an opaque redirect with status 0).
    if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
      await response.body?.cancel().catch(() => {})
      throw fail('misconfigured', { status: response.status }, `${provider} ${operation}: answered a redirect, which is never followed (check the base URL)`)
    }
    try {
      const text = await readBoundedText(response, maxBytes, controller.signal)
      return { status: response.status, headers: response.headers, text }
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw fail('invalid_response', { status: response.status, cause: error }, `${provider} ${operation}: answer ${error.declaredBytes === undefined ? '' : `of ${error.declaredBytes} bytes `}over the ${maxBytes}-byte limit`)
      }
      if (callerSignal?.aborted) throw callerSignal.reason
      if (timedOut) throw fail('timeout', { status: response.status })
      throw fail('unavailable', { status: response.status, cause: error })
    }
  } finally {
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', forwardAbort)
  }
}

/**
 * The usual reading of a failed HTTP status: 429 `rate_limited`, 5xx and 408 `unavailable`,
 * anything else (401, 403, 404 of a wrong base URL, 400 of a request we built) `misconfigured`.
 * A provider maps its service's documented refusals (a bad number) before falling back to this.
 */
export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 429) return 'rate_limited'
  if (status >= 500 || status === 408) return 'unavailable'
  return 'misconfigured'
}

/** Seconds of a `Retry-After` header (delta-seconds or an HTTP date), at least 1; `undefined` when absent or unreadable. */
export function readRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Math.max(1, Number(value))
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - now) / 1000))
}
