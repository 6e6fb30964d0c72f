/**
 * Adapter for `node:http` (and anything built on it): turns the Fetch handler into a request
 * listener. No framework is imported; Node 18+ has `Request`/`Response` built in.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { markUntrustedForwarding, recordClientIp } from './client-ip'
import { markAdapterWritten, readsBodyOutOfBand, setBodyReader, textAnswerOf, viewEntryOf } from './out-of-band-body'
import type { BodyReader } from './out-of-band-body'
import { ProxyError, problemResponse } from './problem'
import { tooLarge, tooLate, unreadable } from './read-json-body'
import type { VerifyHandler } from './create-verify-handler'
import { setRequestBuilder } from './request-view'
import type { RequestView } from './request-view'

/** How the adapters learn the client's address and the public URL. */
export interface NodeAdapterOptions {
  /**
   * The server sits behind this many reverse proxies (`true` = 1) that set `X-Forwarded-For`,
   * `X-Forwarded-Proto` and `X-Forwarded-Host`. The client IP is then the address the outermost
   * trusted proxy saw (counted from the right of `X-Forwarded-For`: entries further left are
   * whatever the client wrote), and the public URL follows the forwarded protocol and host.
   * Leave it unset when no proxy sets these headers, or any client could spoof them.
   */
  trustProxy?: boolean | number
  /**
   * Whether the socket's peer address is the client IP when `trustProxy` is unset. Default: yes,
   * whatever headers say. A request that carries `X-Forwarded-For` with no `trustProxy` still
   * counts its socket's peer (a client-written header must not switch per-IP limits off), and
   * the handler logs a warning once saying to set `trustProxy` if a proxy sits in front. `true`:
   * the same, without the warning (the server faces the Internet); `false`: never (then, outside
   * local development, `getClientIp` must say where the client IP comes from).
   */
  useSocketAddress?: boolean
}

/** A `node:http` request listener. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void

/** Wraps the handler for `http.createServer(toNodeListener(handler))`. */
export function toNodeListener(handler: VerifyHandler, options: NodeAdapterOptions = {}): NodeListener {
  return (req, res) => {
    void serve(handler, req, res, options, undefined)
  }
}

/**
 * Converts, calls and writes back. `body` replaces the stream when a framework already consumed
 * it (Express with a JSON parser in front). Shared by the Express adapter.
 */
export async function serve(
  handler: VerifyHandler,
  req: IncomingMessage,
  res: ServerResponse,
  options: NodeAdapterOptions,
  body: string | undefined,
  url?: string,
  knownIp?: string,
): Promise<void> {
  let response: Response
  try {
    // The proxy's own handler takes the adapter's view of the request (request-view.ts); any
    // other handler, a Fetch `Request`.
    const entry = viewEntryOf(handler)
    const request = entry ? toRequestView(req, options, body, url) : toRequest(req, options, body, url, readsBodyOutOfBand(handler))
    const ip = knownIp ?? clientIp(req, options)
    if (ip !== undefined) recordClientIp(request, ip)
    if (knownIp === undefined && hops(options) === 0 && options.useSocketAddress === undefined && req.headers['x-forwarded-for'] !== undefined) markUntrustedForwarding(request)
    response = entry ? await entry(request) : await handler(request as Request)
  } catch {
    // Only a request Node could parse but Fetch cannot represent ends here (e.g. a bad Host).
    response = problemResponse(new ProxyError('invalid_request'))
  }
  // Node would read and discard the rest of a refused body to keep the connection: closed instead.
  if (refusedBodies.has(req)) res.setHeader('Connection', 'close')
  await writeResponse(response, res)
}

// A host as RFC 9110 allows it in Host: a DNS name, an IPv4 address or a bracketed IPv6 address,
// and an optional port. Nothing else: no userinfo, path, query or fragment.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/

/** Thrown for a request whose Host, forwarded host or protocol, or target is not well formed. */
class BadRequestLine extends Error {}

/** The request's URL as Fetch would hold it, or {@link BadRequestLine} for a target, Host or forwarded header it must not be built from. */
function requestUrl(req: IncomingMessage, options: NodeAdapterOptions, path: string): URL {
  const trusted = hops(options) > 0
  const forwardedProto = trusted ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined
  if (forwardedProto !== undefined && forwardedProto !== 'http' && forwardedProto !== 'https') throw new BadRequestLine('X-Forwarded-Proto')
  const protocol = forwardedProto ?? ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http')
  const host = (trusted && first(req.headers['x-forwarded-host'])) || req.headers.host || 'localhost'
  // Parsed strictly, never pasted: a Host holding a path and `?` (`h/api/verify/verifications?`)
  // once turned a POST to `/rates` into a start.
  if (!HOST.test(host)) throw new BadRequestLine('Host')
  // Only origin-form targets (`/path?query`). Concatenated, not `new URL(path, base)`: a target
  // like `//evil.example/x` must stay a path, not become another host.
  if (!path.startsWith('/')) throw new BadRequestLine('request target')
  const url = new URL(`${protocol}://${host}${path}`)
  if (url.host !== hostOf(protocol, host)) throw new BadRequestLine('Host')
  return url
}

/**
 * Name-value pairs a Request's own Headers is filled from (a Headers built here was copied again
 * by the Request: twice the header validation on every request). `replaced`: the body was
 * consumed by a framework and is passed as text, so its `Content-Length` no longer applies.
 */
function headerPairs(req: IncomingMessage, replaced: boolean): [string, string][] {
  const headers: [string, string][] = []
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':') || (replaced && name === 'content-length')) continue
    if (typeof value === 'string') headers.push([name, value])
    else for (const item of value) headers.push([name, item])
  }
  return headers
}

function toRequest(req: IncomingMessage, options: NodeAdapterOptions, body: string | undefined, path = req.url ?? '/', outOfBand = false): Request {
  const url = requestUrl(req, options, path)
  const method = req.method ?? 'GET'
  const replaced = body !== undefined && method !== 'GET' && method !== 'HEAD'
  const init: RequestInit & { duplex?: 'half' } = { method, headers: headerPairs(req, replaced) }
  if (method !== 'GET' && method !== 'HEAD') {
    if (body !== undefined) {
      init.body = body
    } else {
      // The proxy's own handler reads Node's stream directly (out-of-band-body.ts: no web stream on
      // its hot path, not even an unread one when the proxy is mounted alone); any other Fetch
      // handler mounted through this adapter (an app's own routes beside the proxy) reads
      // `request.body` as usual, from a stream that pulls only when read.
      if (!outOfBand) {
        init.body = lazyBody(req)
        init.duplex = 'half'
      }
      const request = new Request(url, init)
      setBodyReader(request, nodeBodyReader(req))
      if (outOfBand) markAdapterWritten(request)
      return request
    }
  }
  const request = new Request(url, init)
  if (outOfBand) markAdapterWritten(request)
  return request
}

/** Methods a Fetch `Request` refuses to carry (its constructor throws): refused here alike. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])
/** The methods a Fetch `Request` upper-cases; any other keeps its spelling. */
const NORMALIZED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'])

/**
 * The request as the proxy's own handler reads it (request-view.ts): method, URL and headers
 * exactly as the `Request` of {@link toRequest} would say them, read from Node's message; that
 * `Request` is built only if a hook asks for it. The body is read from Node's stream
 * ({@link nodeBodyReader}), or from the text a framework left.
 */
function toRequestView(req: IncomingMessage, options: NodeAdapterOptions, body: string | undefined, path = req.url ?? '/'): RequestView {
  const url = requestUrl(req, options, path)
  const given = req.method ?? 'GET'
  const upper = given.toUpperCase()
  if (FORBIDDEN_METHODS.has(upper)) throw new BadRequestLine('method')
  const method = NORMALIZED_METHODS.has(upper) ? upper : given
  const replaced = body !== undefined && method !== 'GET' && method !== 'HEAD'
  const view: RequestView = {
    method,
    url: url.href,
    headers: { get: (name) => headerValue(req, name.toLowerCase(), replaced) },
  }
  setRequestBuilder(view, () => new Request(url, { method, headers: headerPairs(req, replaced) }))
  if (method !== 'GET' && method !== 'HEAD') setBodyReader(view, body === undefined ? nodeBodyReader(req) : textBodyReader(body))
  return view
}

/** `Headers.get(name)` of the `Request` {@link headerPairs} would fill, from Node's parsed headers. */
function headerValue(req: IncomingMessage, name: string, replaced: boolean): string | null {
  if (name.startsWith(':') || (replaced && name === 'content-length')) return null
  const value = req.headers[name]
  if (value === undefined) return null
  return typeof value === 'string' ? trimHttpWhitespace(value) : value.map(trimHttpWhitespace).join(', ')
}

/** Fetch's header value normalisation: leading and trailing HTTP whitespace removed. */
function trimHttpWhitespace(value: string): string {
  return value === '' || (!isHttpWhitespace(value.charCodeAt(0)) && !isHttpWhitespace(value.charCodeAt(value.length - 1))) ? value : value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '')
}

function isHttpWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
}

/** A body a framework already read, as text: bounded as a streamed one (413 past `maxBytes`). */
function textBodyReader(text: string): BodyReader {
  return (maxBytes) => {
    const bytes = new TextEncoder().encode(text)
    return bytes.byteLength > maxBytes ? Promise.reject(tooLarge(maxBytes)) : Promise.resolve(bytes)
  }
}

/**
 * `new URL(`${protocol}://${host}`).host`, remembered for the few hosts a server answers to (a
 * URL parse per request saved). Bounded: a client sending many Host values only empties it.
 */
function hostOf(protocol: string, host: string): string {
  const key = `${protocol}://${host}`
  let parsed = parsedHosts.get(key)
  if (parsed === undefined) {
    if (parsedHosts.size >= 64) parsedHosts.clear()
    parsed = new URL(key).host
    parsedHosts.set(key, parsed)
  }
  return parsed
}
const parsedHosts = new Map<string, string>()

/**
 * `req`'s body as a web stream that touches `req` only once read (high-water mark 0: no pull
 * ahead), so it never competes with {@link nodeBodyReader} for the same bytes.
 */
function lazyBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= req[Symbol.asyncIterator]() as AsyncIterator<Buffer>
        const { done, value } = await chunks.next()
        if (done) controller.close()
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
      },
      async cancel() {
        await chunks?.return?.()
      },
    },
    { highWaterMark: 0 },
  )
}

/** Requests whose body was refused (too large, too late) before its end. */
const refusedBodies = new WeakSet<IncomingMessage>()

/**
 * Reads `req`'s body as `readBodyBytes` reads a Fetch body: 413 as soon as it passes `maxBytes`,
 * 408 at `timeoutMs`; on either, reading stops and the connection closes after the answer, so a
 * client trickling or flooding bytes is cut off.
 */
function nodeBodyReader(req: IncomingMessage): BodyReader {
  return (maxBytes, timeoutMs) =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = []
      let size = 0
      const length = req.headers['content-length']
      const declared = req.headers['transfer-encoding'] === undefined && length !== undefined && /^[0-9]{1,15}$/.test(length) ? Number(length) : -1
      const done = () => {
        clearTimeout(timer)
        req.off('data', onData)
        req.off('end', onEnd)
        req.off('error', onError)
        req.off('close', onClose)
      }
      // Reading stops; the answer is written, then the connection is closed (see writeResponse):
      // the rest of the body is never read, nor waited for.
      const refuse = (error: ProxyError) => {
        done()
        req.pause()
        refusedBodies.add(req)
        reject(error)
      }
      const onData = (chunk: Buffer) => {
        size += chunk.byteLength
        if (size > maxBytes) refuse(tooLarge(maxBytes))
        else {
          chunks.push(chunk)
          // All the declared bytes are here: the body is whole (Node's parser frames it by its
          // Content-Length and never passes on more), and its `end` would come a turn of the event
          // loop later (~10 µs on every request's path).
          if (size === declared) onEnd()
        }
      }
      const onEnd = () => {
        done()
        const bytes = new Uint8Array(size)
        let offset = 0
        for (const chunk of chunks) {
          bytes.set(chunk, offset)
          offset += chunk.byteLength
        }
        resolve(bytes)
      }
      const onError = () => {
        done()
        reject(unreadable())
      }
      // Closed before its end: the client went away in the middle of the body.
      const onClose = () => {
        if (!req.complete) onError()
      }
      const timer = setTimeout(() => refuse(tooLate()), timeoutMs)
      req.on('data', onData)
      req.on('end', onEnd)
      req.on('error', onError)
      req.on('close', onClose)
    })
}

function clientIp(req: IncomingMessage, options: NodeAdapterOptions): string | undefined {
  const count = hops(options)
  if (count > 0) {
    const header = req.headers['x-forwarded-for']
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    return forwarded[forwarded.length - count] ?? forwarded[0] ?? req.socket.remoteAddress
  }
  // A client-written header never removes the socket address: with `X-Forwarded-For` and no
  // trust setting the peer is still counted (at worst a proxy every user shares, which the
  // handler's warning tells the app to declare), since dropping it switched per-IP caps off.
  if (options.useSocketAddress === false) return undefined
  return req.socket.remoteAddress
}

function hops(options: NodeAdapterOptions): number {
  if (options.trustProxy === true) return 1
  return typeof options.trustProxy === 'number' && options.trustProxy > 0 ? Math.floor(options.trustProxy) : 0
}

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value
  return text?.split(',')[0]?.trim() || undefined
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  // The handler's own JSON answers carry their text and header lines beside a bare Response
  // (out-of-band-body.ts): written as they are, names lower-cased as Headers would give them.
  const answer = textAnswerOf(response)
  if (answer !== undefined) {
    for (const [name, value] of answer.headers) {
      const lower = name.toLowerCase()
      headers[lower] = lower === 'set-cookie' ? [value] : value
    }
    res.writeHead(response.status, headers)
    res.end(answer.text)
    return
  }
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  const payload = Buffer.from(await response.arrayBuffer())
  res.writeHead(response.status, headers)
  res.end(payload)
}
