import type { VerifyStore } from '@hakiki/store'
import type { CounterStore, CounterValue } from './counter-store'

/**
 * Whether `store` is a store of the port v2 (`VerifyStore` of `@hakiki/store`: Redis, Upstash,
 * Durable Objects, Deno KV) rather than a {@link CounterStore}.
 */
export function isVerifyStore(store: CounterStore | VerifyStore): store is VerifyStore {
  return typeof (store as VerifyStore).take === 'function' && typeof (store as VerifyStore).write === 'function'
}

/**
 * A {@link CounterStore} over a `VerifyStore`, so the proxy runs on every store of `@hakiki/store-*`
 * (shared across instances on every runtime) until its routes speak the port v2 themselves. Each
 * CounterStore call stays one atomic store call (an increment: an `add` and, in parallel, a
 * read-only `take` probe for the window's end), so the proxy's behaviour is unchanged; the round
 * trips per route are not cut yet.
 */
export function fromVerifyStore(store: VerifyStore): CounterStore {
  return {
    async increment(key: string, windowSeconds: number, by = 1): Promise<CounterValue> {
      if (by <= 0) {
        if (by < 0) await store.give([{ key, windowSeconds, amount: -by }])
        // Callers ignore what a refund resolves; the count is not read back (another round trip).
        return { count: 0, resetInSeconds: Math.max(1, Math.ceil(windowSeconds)) }
      }
      // A take with limit 0 is always refused and changes nothing: it reads the seconds left in the
      // window (the whole window for a key the add is creating at the same moment).
      const [[count], probe] = await Promise.all([store.add([{ key, windowSeconds, amount: by }]), store.take([{ key, windowSeconds, limit: 0 }])])
      return { count: count ?? by, resetInSeconds: probe.ok ? Math.max(1, Math.ceil(windowSeconds)) : probe.retryAfterSeconds }
    },
    async get(key: string): Promise<string | undefined> {
      const [value] = await store.get([key])
      return value
    },
    async set(key: string, value: string, ttl: number): Promise<void> {
      await store.write({ set: [{ key, value, ttlSeconds: Math.max(1, Math.ceil(ttl)) }] })
    },
    async delete(key: string): Promise<void> {
      await store.write({ delete: [key] })
    },
    compareAndSet(key: string, expected: string | undefined, value: string, ttl: number): Promise<boolean> {
      return store.write({ expect: [{ key, value: expected }], set: [{ key, value, ttlSeconds: Math.max(1, Math.ceil(ttl)) }] })
    },
  }
}
