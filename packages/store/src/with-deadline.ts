/**
 * Deadlines on store calls. A Redis client with an offline queue (node-redis's and ioredis's
 * default) holds every command while it reconnects, for ever: with Redis down or hung, every
 * request hung with it. A call raced against a timer turns a store that fails or is late into
 * {@link StoreUnavailableError}, which the proxy answers with a fast 503 `store_unavailable`.
 */
import { StoreUnavailableError } from './store-unavailable-error'

/** Default deadline of the store calls of one request. */
export const DEFAULT_STORE_TIMEOUT_MS = 1000

/**
 * `work()`, with a synchronous throw turned into a rejected promise: a store method that throws
 * before it returns its promise (a bug, a client not set up) fails its call like any other failure.
 */
export function callAsync<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work()
  } catch (error) {
    return Promise.reject(error)
  }
}

/** Runs `work` with a deadline of `timeoutMs`; rejects with {@link StoreUnavailableError} (`timeout`, or `failed` wrapping what `work` threw). */
export function withDeadline<T>(operation: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  if (timeoutMs <= 0) return Promise.reject(new StoreUnavailableError(operation, 'timeout'))
  return new Promise<T>((resolve, reject) => {
    // Whole milliseconds: Node keeps one timer list per distinct duration, and a fractional time
    // left (one budget per request, see the proxy's request-store.ts) made a new list per call.
    const timer = setTimeout(() => reject(new StoreUnavailableError(operation, 'timeout')), Math.ceil(timeoutMs))
    // Node: a pending deadline must not keep the process alive; other runtimes have no unref.
    ;(timer as { unref?: () => void }).unref?.()
    callAsync(work).then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof StoreUnavailableError ? error : new StoreUnavailableError(operation, 'failed', error))
      },
    )
  })
}

/**
 * Wraps every method of `store` with a deadline of `timeoutMs` per call. For one deadline over a
 * whole request, use {@link storeUntil}.
 */
export function storeWithDeadline<S extends object>(store: S, timeoutMs: number): S {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError('storeTimeoutMs must be a positive number')
  return wrapMethods(store, () => timeoutMs)
}

/** Options of {@link storeUntil}. */
export interface StoreUntilOptions {
  /** The clock `deadlineAt` is on, in ms; default `Date.now`. */
  now?: () => number
  /**
   * Time a `give` still gets once the deadline has passed (ms, default 0): a request refused or
   * failed at its deadline can still give back what it took.
   */
  graceMs?: number
}

/**
 * Wraps every method of `store` so that each call races the time left until `deadlineAt`
 * (milliseconds, on the clock of `options.now`): one deadline shared by all the store calls of one
 * request, so a request waits no more than its budget however many calls it makes. A call made
 * after the deadline rejects at once, except a `give` within `graceMs`.
 */
export function storeUntil<S extends object>(store: S, deadlineAt: number, options: StoreUntilOptions = {}): S {
  if (!Number.isFinite(deadlineAt)) throw new TypeError('deadlineAt must be a finite time in milliseconds')
  const now = options.now ?? Date.now
  const graceMs = options.graceMs ?? 0
  return wrapMethods(store, (name) => (name === 'give' ? Math.max(deadlineAt - now(), graceMs) : deadlineAt - now()))
}

function wrapMethods<S extends object>(store: S, timeLeft: (method: string) => number): S {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      const name = String(property)
      return (...args: unknown[]) => withDeadline(name, timeLeft(name), () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args))
    },
  })
}
