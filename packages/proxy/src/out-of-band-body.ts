/**
 * Bodies carried beside a `Request` or `Response`, for the `node:http` and Express adapters. In
 * Node every Fetch body is a web stream (`Readable.toWeb` for a request, a byte stream for a
 * `new Response(text)`), and making and draining those streams was a fifth of the proxy's own CPU
 * per request (issue 24: `makeTransferable`, the stream reader, `toWeb`). So the adapter reads a
 * request's body from Node's stream itself, bounded and deadlined as {@link readBodyBytes} bounds a
 * Fetch body, and writes a JSON answer from the text the handler made it from. Both are kept in
 * WeakMaps keyed by the object (as the client IP is, in `client-ip.ts`): nothing a client sends can
 * set them, and on other runtimes they are simply absent (the Fetch body is used).
 */
import type { RequestView } from './request-view'

/** Reads a body of at most `maxBytes` within `timeoutMs`, with the refusals of `readBodyBytes` (413, 408, unreadable). */
export type BodyReader = (maxBytes: number, timeoutMs: number) => Promise<Uint8Array<ArrayBuffer>>

const requestBodies = new WeakMap<object, BodyReader>()
const outOfBandHandlers = new WeakSet<object>()
const viewEntries = new WeakMap<object, (request: RequestView) => Promise<Response>>()

/**
 * Marks a Fetch handler that reads a request's body only through {@link takeBodyReader} when an
 * adapter set a reader (the proxy's own): the adapter then builds its `Request` without a body
 * stream. Any other handler (an app's routes mounted beside the proxy) gets one it can read.
 */
export function markOutOfBandReader(handler: object): void {
  outOfBandHandlers.add(handler)
}

/**
 * Gives the proxy's own handler a second entry the adapters call with a {@link RequestView} (no
 * Fetch `Request` built) and whose answer they write from its text. Set only by
 * `createVerifyHandler`: a wrapper around the handler is called with a `Request`, as any handler.
 */
export function setViewEntry(handler: object, entry: (request: RequestView) => Promise<Response>): void {
  viewEntries.set(handler, entry)
}

/** The entry {@link setViewEntry} gave `handler`, if any. */
export function viewEntryOf(handler: object): ((request: RequestView) => Promise<Response>) | undefined {
  return viewEntries.get(handler)
}

/** Whether {@link markOutOfBandReader} marked `handler`. */
export function readsBodyOutOfBand(handler: object): boolean {
  return outOfBandHandlers.has(handler)
}
const responseTexts = new WeakMap<Response, string>()

/** The adapter's reader of `request`'s body (the request itself then carries none). */
export function setBodyReader(request: RequestView, read: BodyReader): void {
  requestBodies.set(request, read)
}

/** The reader an adapter set for `request`, once: a body is read only once, as a stream is. */
export function takeBodyReader(request: RequestView): BodyReader | undefined {
  const read = requestBodies.get(request)
  if (read) requestBodies.delete(request)
  return read
}

/**
 * Requests built by the proxy's own `node:http`/Express adapter, which writes a JSON answer from
 * its text ({@link responseText}): their answers need no body stream.
 */
const adapterWritten = new WeakSet<Request>()

/** Marks `request` as one whose answer the adapter writes from its text (see {@link withBody}). */
export function markAdapterWritten(request: Request): void {
  adapterWritten.add(request)
}

/**
 * A JSON answer: `text` is kept beside a body-less `Response` (making a web byte stream for each
 * answer, `makeTransferable` and all, was the largest single cost of building one in Node), and
 * {@link withBody} gives it its body where anything else than the proxy's adapter will read it.
 */
export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(null, init)
  responseTexts.set(response, text)
  return response
}

/**
 * `response` as the caller of the handler gets it: as is for the proxy's adapter (it writes the
 * kept text), else with the text of {@link textResponse} as its body (any Fetch runtime, a test,
 * an app's wrapper). Every answer of the handler passes here.
 */
export function withBody(request: Request, response: Response): Response {
  if (adapterWritten.has(request)) return response
  const text = responseTexts.get(response)
  if (text === undefined || response.body !== null) return response
  const full = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers })
  responseTexts.set(full, text)
  return full
}

/** The text a response was made from by {@link textResponse}, if it was. */
export function responseText(response: Response): string | undefined {
  return responseTexts.get(response)
}
