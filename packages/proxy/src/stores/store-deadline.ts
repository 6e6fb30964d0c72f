/**
 * Deadlines on store calls. A Redis client with an offline queue (node-redis's and ioredis's
 * default) holds every command while it reconnects, for ever: with Redis down or hung, every
 * request hung with it. Each call now races a timer, and a store that fails or is late becomes
 * {@link StoreUnavailableError}, which the handler answers with a fast 503 `store_unavailable`.
 */

/** Default deadline of one store call. */
export const DEFAULT_STORE_TIMEOUT_MS = 1000

/** A store call failed or missed its deadline. Its message names the operation only, never a key. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError'
  /** Stable code. */
  readonly code = 'store_unavailable'
  /** `timeout` when the deadline passed, `failed` when the store rejected. */
  readonly reason: 'timeout' | 'failed'

  constructor(operation: string, reason: 'timeout' | 'failed', cause?: unknown) {
    super(`store ${operation} ${reason === 'timeout' ? 'timed out' : 'failed'}`, cause === undefined ? undefined : { cause })
    this.reason = reason
  }
}

/** Runs `work` with a deadline; rejects with {@link StoreUnavailableError}. */
export function withDeadline<T>(operation: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StoreUnavailableError(operation, 'timeout')), timeoutMs)
    // Node: a pending deadline must not keep the process alive; other runtimes have no unref.
    ;(timer as { unref?: () => void }).unref?.()
    let pending: Promise<T>
    try {
      pending = work()
    } catch (error) {
      pending = Promise.reject(error)
    }
    pending.then(
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

/** Wraps every method of `store` with a deadline of `timeoutMs`. */
export function storeWithDeadline<S extends object>(store: S, timeoutMs: number): S {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError('storeTimeoutMs must be a positive number')
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      const name = String(property)
      return (...args: unknown[]) => withDeadline(name, timeoutMs, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args))
    },
  })
}


/**
 * Wraps `store` with ONE time budget for all its calls: those of one request, which may wait on
 * the store `budgetMs` in all (time with at least one call pending; the provider's time is not
 * counted, so a slow send never fails the record saved after it). A store answering each command
 * in 0.9 s made one start take 14.6 s when each call had its own deadline. Give-backs (a negative
 * `increment`, a `delete`) get at least `graceMs` even when the budget is spent, so a refused or
 * failed request can still return what it took.
 */
export function storeUntil<S extends object>(store: S, budgetMs: number, graceMs: number): S {
  let spent = 0
  let pending = 0
  let since = 0
  const left = () => budgetMs - spent - (pending > 0 ? performance.now() - since : 0)
  const track = <T>(work: Promise<T>): Promise<T> => {
    if (pending++ === 0) since = performance.now()
    const done = () => {
      if (--pending === 0) spent += performance.now() - since
    }
    work.then(done, done)
    return work
  }
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      const name = String(property)
      return (...args: unknown[]) => {
        const remaining = left()
        const givesBack = name === 'delete' || (name === 'increment' && typeof args[2] === 'number' && args[2] < 0)
        const call = () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        if (!givesBack && remaining <= 0) return Promise.reject(new StoreUnavailableError(name, 'timeout'))
        return track(withDeadline(name, givesBack ? Math.max(remaining, graceMs) : remaining, call))
      }
    },
  })
}
