/**
 * What the handler reads of a request: its method, its URL and some headers. A Fetch `Request`
 * is one; the `node:http` and Express adapters pass a lighter one read straight from Node's
 * message, because building a `Request` (its `Headers`, its `AbortSignal`, a URL parse) cost
 * 8–30 µs per request, as much as everything else before the store's first call (issue 24). The
 * hooks that receive a request (`authorize`, `getClientIp`) and a provider's delivery report
 * still get a real `Request`, built from the same URL, method and headers the first time one is
 * asked for ({@link fetchRequestOf}).
 */

/** The parts of a request the handler reads. */
export interface RequestView {
  /** As `Request.method` says it (the standard methods upper-cased). */
  readonly method: string
  /** As `Request.url` serialises it. */
  readonly url: string
  /** `get` as `Headers.get` answers it: values trimmed, repeated ones joined with `, `, `null` when absent. */
  readonly headers: { get(name: string): string | null }
}

/** Where an adapter's view keeps how its `Request` is built (a property of the view, not a WeakMap entry per request). */
const BUILD = Symbol('hakiki.request')

/** An adapter's view, with how its `Request` is built. */
interface BuiltView extends RequestView {
  [BUILD]?: () => Request
}

/** Registers how the `Request` of an adapter's view is built, when something asks for one. */
export function setRequestBuilder(view: RequestView, build: () => Request): void {
  let built: Request | undefined
  ;(view as BuiltView)[BUILD] = () => (built ??= build())
}

/** The Fetch `Request` of `view`: the view itself when it is one, else built once from the adapter's message. */
export function fetchRequestOf(view: RequestView): Request {
  if (view instanceof Request) return view
  const build = (view as BuiltView)[BUILD]
  if (build === undefined) throw new TypeError('a request view without its Request')
  return build()
}
