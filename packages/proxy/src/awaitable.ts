/**
 * Values the handler computes synchronously where the runtime allows it and asynchronously where it
 * does not: an HMAC is a call into `node:crypto` in Node, Bun and Deno, but a Web Crypto promise in
 * workers. Issue 24 counted ~97 promises per start, most of them an `async` wrapper around an answer
 * that was already there; each one is a microtask hop on every request.
 */

/** A value, or a promise of it where the runtime answers only asynchronously. */
export type Awaitable<T> = T | Promise<T>

/**
 * The values themselves when none is a promise (no microtask hop), else `Promise.all` of them. Use
 * as `const r = allReady([...]); const [a, b] = r instanceof Promise ? await r : r`.
 */
export function allReady<const T extends readonly unknown[]>(values: T): Awaitable<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  type Values = { -readonly [K in keyof T]: Awaited<T[K]> }
  return values.some((value) => value instanceof Promise) ? (Promise.all(values) as Promise<Values>) : (values as unknown as Values)
}

/** `then` without the microtask hop when `value` is already there. */
export function whenReady<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return value instanceof Promise ? value.then(next) : next(value)
}
