/**
 * Bodies carried beside a `Request` or `Response`, for the `node:http` and Express adapters. In
 * Node every Fetch body is a web stream (`Readable.toWeb` for a request, a byte stream for a
 * `new Response(text)`), and making and draining those streams was a fifth of the proxy's own CPU
 * per request (issue 24: `makeTransferable`, the stream reader, `toWeb`). So the adapter reads a
 * request's body from Node's stream itself, bounded and deadlined as {@link readBodyBytes} bounds a
 * Fetch body, and writes a JSON answer from the text the handler made it from. Both are kept in
 * symbol-keyed properties of the objects the adapter and the handler made themselves (a request's
 * view or `Request`, the handler's `Response`): nothing a client sends can set them, and on other
 * runtimes they are simply absent (the Fetch body is used).
 */
import type { RequestView } from './request-view'

/** Reads a body of at most `maxBytes` within `timeoutMs`, with the refusals of `readBodyBytes` (413, 408, unreadable). */
export type BodyReader = (maxBytes: number, timeoutMs: number) => Promise<Uint8Array<ArrayBuffer>>

/**
 * Where an adapter keeps a request's reader: a property of the view or `Request` the adapter made
 * itself, not a WeakMap entry per request. A symbol: nothing a client sends can set it.
 */
const BODY = Symbol('hakiki.body')

/** A request view or `Request` made by an adapter, with its body's reader. */
interface ReadableView extends RequestView {
  [BODY]?: BodyReader | undefined
}
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

/** The adapter's reader of `request`'s body (the request itself then carries none). */
export function setBodyReader(request: RequestView, read: BodyReader): void {
  ;(request as ReadableView)[BODY] = read
}

/** The reader an adapter set for `request`, once: a body is read only once, as a stream is. */
export function takeBodyReader(request: RequestView): BodyReader | undefined {
  const view = request as ReadableView
  const read = view[BODY]
  // Set to undefined, not deleted: a delete turns the object into a slow dictionary.
  if (read) view[BODY] = undefined
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

/** Header lines of a text answer, in the order set: `[name, value]`, one line per name. */
export type HeaderLines = [string, string][]

/** What a text answer is made of, kept beside its body-less `Response`. */
interface TextAnswer {
  text: string
  headers: HeaderLines
}

/**
 * Where a text answer keeps its text and lines: a property of the handler's own `Response` (made
 * here), not a WeakMap entry per answer, which every header set and the adapter's write looked up
 * again. A symbol: nothing a client sends, nor a provider's answer, can carry it.
 */
const ANSWER = Symbol('hakiki.answer')

/** A `Response` made by {@link textResponse} or {@link withBody}. */
interface AnsweredResponse extends Response {
  [ANSWER]?: TextAnswer
}

function answerOf(response: Response): TextAnswer | undefined {
  return (response as AnsweredResponse)[ANSWER]
}

/**
 * A JSON answer: its text and header lines are kept beside a body-less, header-less `Response`.
 * Making a web byte stream for each answer (`makeTransferable` and all) was the largest single
 * cost of building one in Node, and filling a Fetch `Headers` (each `set` validated, lower-cased
 * and kept sorted) cost as much again, three times over: built, copied into the `Response`, read
 * back by the adapter. {@link withBody} gives the answer its body and headers where anything else
 * than the proxy's adapter will read it; the adapter writes the lines ({@link textAnswerOf}).
 */
export function textResponse(text: string, status: number, headers: HeaderLines): Response {
  const response: AnsweredResponse = new Response(null, { status })
  response[ANSWER] = { text, headers }
  return response
}

/**
 * Sets header `name` of a text answer's lines, replacing a line of that name whatever its case
 * (as `Headers.set` does), or of any other answer's `Headers`.
 */
export function setAnswerHeader(response: Response, name: string, value: string): void {
  const answer = answerOf(response)
  if (answer === undefined) response.headers.set(name, value)
  else setHeaderLine(answer.headers, name, value)
}

/** The answer's value of header `name` (`Headers.get`'s, for one line per name). */
export function answerHeader(response: Response, name: string): string | null {
  const answer = answerOf(response)
  if (answer === undefined) return response.headers.get(name)
  const lower = name.toLowerCase()
  return answer.headers.find(([line]) => line.toLowerCase() === lower)?.[1] ?? null
}

/** `Headers.set` on header lines: the line of that name (any case) replaced, else one added. */
export function setHeaderLine(lines: HeaderLines, name: string, value: string): void {
  const lower = name.toLowerCase()
  const at = lines.findIndex(([line]) => line.toLowerCase() === lower)
  if (at < 0) lines.push([name, value])
  else lines[at] = [name, value]
}

/**
 * `response` as the caller of the handler gets it: with the text and header lines of
 * {@link textResponse} as its body and headers (any Fetch runtime, a test, an app's wrapper, a
 * request built by the adapter for a marked handler's wrapper is not one: see below). Every answer
 * of the handler's public entry passes here.
 */
export function withBody(request: Request, response: Response): Response {
  const answer = answerOf(response)
  if (answer === undefined || response.body !== null) return response
  // The adapter writes a marked handler's answer from its text; its headers go into the
  // `Response` still (a wrapper may read them).
  const full: AnsweredResponse = new Response(adapterWritten.has(request) ? null : answer.text, { status: response.status, statusText: response.statusText, headers: answer.headers })
  full[ANSWER] = { text: answer.text, headers: answer.headers }
  return full
}

/** The text and header lines a response was made from by {@link textResponse}, if it was. */
export function textAnswerOf(response: Response): TextAnswer | undefined {
  return answerOf(response)
}
