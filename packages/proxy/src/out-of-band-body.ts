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

/** Reads a body of at most `maxBytes` within `timeoutMs`, with the refusals of `readBodyBytes` (413, 408, unreadable). */
export type BodyReader = (maxBytes: number, timeoutMs: number) => Promise<Uint8Array<ArrayBuffer>>

const requestBodies = new WeakMap<Request, BodyReader>()
const outOfBandHandlers = new WeakSet<object>()

/**
 * Marks a Fetch handler that reads a request's body only through {@link takeBodyReader} when an
 * adapter set a reader (the proxy's own): the adapter then builds its `Request` without a body
 * stream. Any other handler (an app's routes mounted beside the proxy) gets one it can read.
 */
export function markOutOfBandReader(handler: object): void {
  outOfBandHandlers.add(handler)
}

/** Whether {@link markOutOfBandReader} marked `handler`. */
export function readsBodyOutOfBand(handler: object): boolean {
  return outOfBandHandlers.has(handler)
}
const responseTexts = new WeakMap<Response, string>()

/** The adapter's reader of `request`'s body (the request itself then carries none). */
export function setBodyReader(request: Request, read: BodyReader): void {
  requestBodies.set(request, read)
}

/** The reader an adapter set for `request`, once: a body is read only once, as a stream is. */
export function takeBodyReader(request: Request): BodyReader | undefined {
  const read = requestBodies.get(request)
  if (read) requestBodies.delete(request)
  return read
}

/** `new Response(text, init)`, with `text` kept for an adapter that would otherwise read the body stream back. */
export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(text, init)
  responseTexts.set(response, text)
  return response
}

/** The text a response was made from by {@link textResponse}, if it was. */
export function responseText(response: Response): string | undefined {
  return responseTexts.get(response)
}
