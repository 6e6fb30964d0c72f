import { BodyTooLargeError, readBoundedText } from '@hakiki/provider'
import { VerifyApiError } from './verify-api-error'
import type { VerifyApiOperation } from './verify-api-error'

/** What the client reads of an answer (a `Response` is one). */
export interface ExchangeResponse {
  status: number
  ok: boolean
  headers: { get(name: string): string | null }
}

/** A finished HTTP exchange: the response and its whole body as text. */
export interface Exchange {
  response: ExchangeResponse
  text: string
}

/** The requests the client makes: a method, lower-case headers and a text body. */
export interface TransportRequest {
  method: string
  headers: Record<string, string>
  body?: string
}

/** Limits and labels of one exchange. */
export interface TransportOptions {
  operation: VerifyApiOperation
  timeoutMs: number
  /** Most bytes of the answer read; a larger one is `invalid_response` (the read stops there). */
  maxBytes: number
  /** The caller's signal: its abort is rethrown as is, never wrapped. */
  signal?: AbortSignal
}

/** One exchange with the API, under {@link TransportOptions}: {@link sendRequest} over a `fetch`, or the Node entry's `sendNodeRequest`. */
export type Transport = (url: string, init: TransportRequest, options: TransportOptions) => Promise<Exchange>

/** Everything {@link sendRequest} needs besides the request itself. */
export interface SendRequestOptions extends TransportOptions {
  fetch: typeof globalThis.fetch
}

/**
 * Sends one request and reads its body, under a time limit that covers both and a size limit on
 * the body. Failures without an HTTP answer become a {@link VerifyApiError} (`timeout` or
 * `network_error`), an answer over the size limit `invalid_response` (cut at the limit, its
 * cause a `BodyTooLargeError` naming it); a caller's abort rejects with the caller's own reason.
 * HTTP statuses are left to the caller.
 *
 * The timer and the listener on the caller's signal are set up by hand rather than with
 * `AbortSignal.any([signal, AbortSignal.timeout()])` so both are removed as soon as the request
 * settles: a long-lived caller signal (one per server request, say) collects no listeners and no
 * timer outlives its request.
 */
export async function sendRequest(
  url: string,
  init: TransportRequest,
  options: SendRequestOptions,
): Promise<Exchange> {
  const { signal: callerSignal, operation } = options
  callerSignal?.throwIfAborted()
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException('The Verify API did not answer in time', 'TimeoutError'))
  }, options.timeoutMs)
  const forwardAbort = () => controller.abort(callerSignal?.reason)
  callerSignal?.addEventListener('abort', forwardAbort, { once: true })
  try {
    const fetch = options.fetch
    // `manual`: a 3xx comes back as is, as with `nodeFetch`. The platform fetch (workers, or an
    // injected one) would otherwise follow a 307/308 and re-send the body, the client secret
    // included, to whatever host the redirect names.
    const response = await fetch(url, { ...init, redirect: 'manual', signal: controller.signal })
    let text: string
    try {
      text = await readBoundedText(response, options.maxBytes, controller.signal)
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error
      throw new VerifyApiError({ code: 'invalid_response', operation, status: response.status, cause: error })
    }
    return { response, text }
  } catch (error) {
    if (error instanceof VerifyApiError) throw error
    if (callerSignal?.aborted) throw callerSignal.reason
    if (timedOut) throw new VerifyApiError({ code: 'timeout', operation })
    throw new VerifyApiError({ code: 'network_error', operation, cause: error })
  } finally {
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', forwardAbort)
  }
}
