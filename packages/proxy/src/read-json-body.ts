import { ProxyError } from './problem'
import { takeBodyReader } from './out-of-band-body'
import type { RequestView } from './request-view'

/** Strict UTF-8, one decoder for every body: `decode` without `stream` keeps no state between calls. */
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** Largest request body accepted: bodies here are a few dozen bytes, 16 KiB is generous. */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * Longest a request body may take to arrive, in ms. A few dozen bytes need well under a second
 * even on a poor mobile link; a client trickling bytes held the request (and its socket) for
 * Node's 300 s before.
 */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000

/** Options of {@link readJsonBody}. */
export interface ReadJsonBodyOptions {
  /** Deadline of the whole body, in ms; default {@link DEFAULT_BODY_TIMEOUT_MS}. Late is 408. */
  timeoutMs?: number
}

/**
 * Reads a JSON object body of at most {@link MAX_BODY_BYTES}, stopping as soon as it is exceeded
 * (a declared or streamed oversize body is 413 without buffering it) or its deadline passes (408).
 * Invalid UTF-8, invalid JSON and anything but an object are `invalid_request`; every refusal is a
 * {@link ProxyError} with code `invalid_request` and the status to answer. Also for an app's own
 * routes (the sign-up route that checks a receipt).
 */
export function readJsonBody(request: Request, options: ReadJsonBodyOptions = {}): Promise<Record<string, unknown>> {
  return readJsonObject(request, options)
}

/** {@link readJsonBody} of a request or an adapter's view of one (the handler's routes). Internal. */
export async function readJsonObject(request: Request | RequestView, options: ReadJsonBodyOptions = {}): Promise<Record<string, unknown>> {
  const bytes = await readBodyBytes(request, options.timeoutMs ?? DEFAULT_BODY_TIMEOUT_MS, MAX_BODY_BYTES)
  let text: string
  try {
    text = UTF8.decode(bytes)
  } catch {
    throw new ProxyError('invalid_request', { detail: 'The body is not valid UTF-8.' })
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ProxyError('invalid_request', { detail: 'The body is not valid JSON.' })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProxyError('invalid_request', { detail: 'The body must be a JSON object.' })
  }
  return value as Record<string, unknown>
}

/**
 * Reads a request body of at most `maxBytes` within `timeoutMs`: a declared or streamed oversize
 * body is 413 without buffering it, a late one 408 (both `invalid_request`). Internal.
 */
export async function readBodyBytes(request: Request | RequestView, timeoutMs: number, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes)
  // The node:http adapter reads Node's stream itself, with the same bounds (out-of-band-body.ts).
  const own = takeBodyReader(request)
  if (own) return own(maxBytes, timeoutMs)
  // A view (an adapter's) always comes with its reader.
  const body = request instanceof Request ? request.body : null
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooLate()), timeoutMs)
  })
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), late])
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined)
        throw tooLarge(maxBytes)
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof ProxyError) {
      await reader.cancel().catch(() => undefined)
      throw error
    }
    throw unreadable()
  } finally {
    clearTimeout(timer)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** 413: a body over `maxBytes`. */
export function tooLarge(maxBytes: number): ProxyError {
  return new ProxyError('invalid_request', { status: 413, detail: `The body must not exceed ${maxBytes} bytes.` })
}

/** 408: a body that did not arrive within its deadline. */
export function tooLate(): ProxyError {
  return new ProxyError('invalid_request', { status: 408, detail: 'The body took too long to arrive.' })
}

/** A body that broke off or failed. */
export function unreadable(): ProxyError {
  return new ProxyError('invalid_request', { detail: 'The body could not be read.' })
}
