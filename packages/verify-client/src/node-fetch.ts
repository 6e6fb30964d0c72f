import { request as httpRequest } from 'node:http'
import type { IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'

/** Statuses whose responses have no body, per the Fetch standard. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/**
 * A `fetch` for Node.js that hands back **every** HTTP status as a `Response`, 407 included.
 *
 * Why it exists: Node's built-in `fetch` (undici) follows the Fetch standard, which turns a
 * `407 Proxy Authentication Required` into a network error: the caller gets
 * `TypeError: fetch failed` whose `cause` is a bare `Error` with an empty message, exactly like a
 * refused connection minus the `code`, and the status and body are lost. The Verify API defines
 * 407 on every endpoint, so the client needs a transport that reports it. This one sends the
 * request with `node:http`/`node:https` instead; everything else stays standard:
 *
 * - Input is normalized by the platform's own `Request` class (URL, method, headers, the
 *   default `Content-Type` of string/`URLSearchParams`/`Blob` bodies, the signal), so there is no
 *   hand-written copy of those rules to drift.
 * - Network failures reject with `TypeError('fetch failed', { cause })`, like undici; an abort
 *   rejects with the signal's reason, like `fetch`.
 * - The promise resolves with the headers and the body streams, with back-pressure, as with
 *   `fetch`: the caller decides how much of it to read (the client stops at its size limit), and
 *   cancelling the body closes the connection. The signal covers the body too: an abort errors
 *   the stream with the signal's reason.
 *
 * Differences from `fetch`, on purpose: redirects are not followed (a 3xx is returned as is, so a
 * redirect can never carry a form body with the client secret to another host), no
 * `Accept-Encoding` is added and `Content-Encoding` is not decoded, there is no cookie jar or
 * cache. Connections are pooled by Node's global agents (keep-alive by default since Node 19).
 */
export async function nodeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init)
  const url = new URL(request.url)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`nodeFetch supports http: and https: only, not ${url.protocol}`)
  }
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer())
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  if (body !== undefined) headers['content-length'] = String(body.byteLength)
  const signal = request.signal
  signal.throwIfAborted()

  return new Promise<Response>((resolve, reject) => {
    let settled = false
    let finished = false
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const outgoing = send(url, { method: request.method, headers })

    /** Ends the exchange once: a complete body leaves its socket to the agent's keep-alive pool; anything else destroys it. */
    const finish = (error?: unknown) => {
      if (finished) return
      finished = true
      signal.removeEventListener('abort', onAbort)
      if (error === undefined) return stream?.close()
      // No half-read socket goes back to the pool.
      outgoing.destroy()
      if (!settled) {
        settled = true
        reject(error)
      } else stream?.error(error)
    }
    const fail = (cause: unknown) => finish(new TypeError('fetch failed', { cause }))
    function onAbort() {
      finish(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })

    outgoing.on('error', fail)
    outgoing.on('response', (incoming) => {
      const hasBody = request.method !== 'HEAD' && !NULL_BODY_STATUSES.has(incoming.statusCode ?? 0)
      const responseBody = hasBody
        ? new ReadableStream<Uint8Array>(
            {
              start(controller) {
                stream = controller
              },
              // Back-pressure: the socket is read only as fast as the caller reads the body.
              pull() {
                incoming.resume()
              },
              cancel() {
                finished = true
                signal.removeEventListener('abort', onAbort)
                outgoing.destroy()
              },
            },
            { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
          )
        : null
      incoming.on('data', (chunk: Buffer) => {
        if (finished || !stream) return
        stream.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        if ((stream.desiredSize ?? 0) <= 0) incoming.pause()
      })
      incoming.on('error', fail)
      incoming.on('close', () => {
        if (!incoming.complete) fail(new Error('The connection closed before the response ended'))
      })
      incoming.on('end', () => finish())
      if (!hasBody) incoming.resume()
      let response: Response
      try {
        response = toResponse(incoming, responseBody)
      } catch (error) {
        // A malformed status line becomes a network error.
        return fail(error)
      }
      settled = true
      resolve(response)
    })
    outgoing.end(body)
  })
}

function toResponse(incoming: IncomingMessage, body: ReadableStream<Uint8Array> | null): Response {
  const status = incoming.statusCode ?? 0
  const headers = new Headers()
  const raw = incoming.rawHeaders
  for (let index = 0; index + 1 < raw.length; index += 2) {
    headers.append(raw[index] as string, raw[index + 1] as string)
  }
  // `Response` rejects statuses outside 200–599 with a RangeError: the caller sees a network
  // error, which is what a server speaking something other than HTTP deserves.
  return new Response(body, {
    status,
    statusText: incoming.statusMessage ?? '',
    headers,
  })
}
