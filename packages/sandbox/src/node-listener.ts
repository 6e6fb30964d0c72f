/**
 * Translates `node:http` to a Fetch handler and back. Bodies stream both ways, so Server-Sent Events
 * flow as they are produced, and a client that disconnects aborts the request's signal and cancels
 * the response body (which ends an SSE stream and frees its subscriber).
 *
 * Written here rather than taken from `@hono/node-server` or `@whatwg-node/server`: it is forty
 * lines, and the sandbox needs nothing else those bring.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

/** A Fetch handler, such as `Sandbox.fetch`. */
export type FetchHandler = (request: Request) => Promise<Response>

const HOST = /^[A-Za-z0-9.\-:[\]]{1,255}$/

/**
 * The request body as a web stream with backpressure. Unlike `Readable.toWeb`, cancelling it (the
 * handler refusing an oversized body) does not destroy the socket before the answer is written: it
 * only marks the body abandoned, so the answer can go out and the connection then be closed.
 */
function bodyStream(req: IncomingMessage, onAbandon: () => void): ReadableStream<Uint8Array> {
  // Set once the stream is closed, errored or cancelled: later socket events must not touch it.
  let settled = false
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (settled) return
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 0) <= 0) req.pause()
        })
        req.once('end', () => {
          if (!settled) controller.close()
          settled = true
        })
        req.once('error', (error) => {
          if (!settled) controller.error(error)
          settled = true
        })
        req.pause()
      },
      pull() {
        req.resume()
      },
      cancel() {
        settled = true
        req.pause()
        onAbandon()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
}

function toRequest(req: IncomingMessage, signal: AbortSignal, onAbandon: () => void): Request {
  const host = req.headers.host && HOST.test(req.headers.host) ? req.headers.host : 'localhost'
  // Concatenated, not resolved against a base: a path like `//evil.example/x` stays a path.
  const url = `http://${host}${req.url?.startsWith('/') ? req.url : '/'}`
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const init: RequestInit & { duplex?: 'half' } = { method: req.method ?? 'GET', headers, signal }
  if (hasBody) {
    init.body = bodyStream(req, onAbandon)
    init.duplex = 'half'
  }
  return new Request(url, init)
}

/** A `node:http` request listener serving `handler`. */
export function toNodeListener(handler: FetchHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => void serve(handler, req, res)
}

async function serve(handler: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController()
  res.once('close', () => controller.abort())
  let abandoned = false
  let response: Response
  try {
    response = await handler(toRequest(req, controller.signal, () => (abandoned = true)))
  } catch {
    // Only a malformed request line or header reaches here; the sandbox handler itself never throws.
    if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' })
    res.end('Bad Request')
    return
  }
  const headers = Object.fromEntries(response.headers)
  // A body the handler left unread is discarded once the answer is out, as Node does by itself for
  // bodies nobody listened to; the client then reads the answer rather than a reset. A body it
  // refused (too large) also closes the connection, so the client stops sending it.
  if (abandoned) headers.connection = 'close'
  if (!req.complete) res.once('finish', () => req.removeAllListeners('data').resume())
  res.writeHead(response.status, headers)
  if (!response.body) {
    res.end()
    return
  }
  // Headers go out now, before the first chunk, so an SSE client sees the stream open.
  res.flushHeaders()
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res)
  } catch {
    // The client went away mid-body; pipeline has already destroyed both sides.
  }
}
