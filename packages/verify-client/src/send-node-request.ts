import { request as httpRequest } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BodyTooLargeError } from '@hakiki/provider'
import type { Exchange, ExchangeResponse, TransportRequest, TransportOptions } from './send-request'
import { VerifyApiError } from './verify-api-error'

// One decoder for every answer: `decode` of a whole buffer keeps no state between calls.
const UTF8 = new TextDecoder()

/**
 * The Node entry's transport when no `fetch` is injected: one exchange over `node:http(s)` with
 * the same contract as {@link sendRequest} over {@link nodeFetch} — every status handed back (407
 * included), no redirect followed, no `Accept-Encoding`, a deadline over headers and body, the
 * body read up to `maxBytes` and no further (a declared `Content-Length` over it is refused before
 * a byte is read), a caller's abort rejecting with the caller's own reason, pooled keep-alive
 * connections (Node's global agents).
 *
 * Why not `nodeFetch`: a proxy makes two of these calls per verification, and the Fetch objects
 * around each (a `Request`, a `Response`, a web stream per body, an `AbortController`) were about a
 * tenth of its CPU. Here the socket's chunks go straight into a buffer and the answer is the
 * status, the headers and the text, all the client reads.
 */
export function sendNodeRequest(url: string, init: TransportRequest, options: TransportOptions): Promise<Exchange> {
  const { signal, operation, maxBytes } = options
  signal?.throwIfAborted()
  const target = new URL(url)
  const headers: Record<string, string> = { ...init.headers }
  const body = init.body === undefined ? undefined : Buffer.from(init.body)
  if (body !== undefined) headers['content-length'] = String(body.byteLength)

  return new Promise<Exchange>((resolve, reject) => {
    let settled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const settle = (error: unknown, exchange?: Exchange) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      if (exchange !== undefined) return resolve(exchange)
      // No half-read socket goes back to the pool.
      outgoing.destroy()
      reject(error)
    }
    const networkError = (cause: unknown) => settle(new VerifyApiError({ code: 'network_error', operation, cause }))
    function onAbort() {
      settle(signal?.reason)
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    let outgoing: ReturnType<typeof httpRequest>
    try {
      outgoing = send(target, { method: init.method, headers })
    } catch (error) {
      // A header Node refuses (a control character): `fetch` refuses it as well, as a TypeError.
      throw new VerifyApiError({ code: 'network_error', operation, cause: error })
    }
    timer = setTimeout(() => settle(new VerifyApiError({ code: 'timeout', operation })), options.timeoutMs)
    signal?.addEventListener('abort', onAbort, { once: true })
    outgoing.on('error', networkError)
    outgoing.on('response', (incoming: IncomingMessage) => {
      const status = incoming.statusCode ?? 0
      // `Response` refuses statuses outside 200–599: with `fetch` that is a network error too.
      if (status < 200 || status > 599) return networkError(new RangeError(`status ${status} is outside 200-599`))
      const declared = Number(incoming.headers['content-length'] ?? Number.NaN)
      if (Number.isFinite(declared) && declared > maxBytes) {
        return settle(new VerifyApiError({ code: 'invalid_response', operation, status, cause: new BodyTooLargeError(maxBytes, declared) }))
      }
      const chunks: Buffer[] = []
      let size = 0
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.byteLength
        if (size > maxBytes) return settle(new VerifyApiError({ code: 'invalid_response', operation, status, cause: new BodyTooLargeError(maxBytes) }))
        chunks.push(chunk)
      })
      incoming.on('error', networkError)
      incoming.on('close', () => {
        if (!incoming.complete) networkError(new Error('The connection closed before the response ended'))
      })
      incoming.on('end', () => {
        const text = chunks.length === 0 ? '' : UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size))
        settle(undefined, { response: toExchangeResponse(status, incoming.headers), text })
      })
    })
    outgoing.end(body)
  })
}

/** What the client reads of an answer: its status and headers, looked up by name as `Headers.get` does. */
function toExchangeResponse(status: number, headers: IncomingHttpHeaders): ExchangeResponse {
  return {
    status,
    ok: status >= 200 && status <= 299,
    headers: {
      get(name) {
        const value = headers[name.toLowerCase()]
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
      },
    },
  }
}
