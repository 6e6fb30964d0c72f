import type { CounterStore, CounterValue } from './counter-store'
import { ttlSeconds } from './counter-store'
import { StoreUnavailableError } from './store-deadline'

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Clock in milliseconds; defaults to `Date.now`. Tests inject one to expire keys without sleeping. */
  now?: () => number
  /**
   * Most keys kept; when full, expired keys are swept, and a write that needs a new key beyond
   * that fails with `StoreUnavailableError` (the request answers 503 `store_unavailable`): a live
   * key is never dropped, since dropping the oldest dropped the global and per-IP counters and
   * their caps started over. Default 100 000, a few tens of MB at most.
   */
  maxKeys?: number
}

interface Entry {
  value: string
  expiresAt: number
}

/**
 * A {@link CounterStore} in this process's memory: the default, right for a single instance.
 * Apps that run several instances need a shared store (`createRedisStore`), or each instance
 * would count on its own and multiply every limit.
 *
 * Expired keys are dropped when read and swept when the map fills, never by a timer, so the store
 * keeps no process alive and needs no `close()`.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): CounterStore {
  const now = options.now ?? Date.now
  const maxKeys = options.maxKeys ?? 100_000
  // A Map iterates in insertion order, which makes "drop the oldest" a walk from the front.
  const entries = new Map<string, Entry>()

  function live(key: string): Entry | undefined {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }

  function makeRoom(operation: string): void {
    if (entries.size < maxKeys) return
    const t = now()
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key)
    if (entries.size >= maxKeys) throw new StoreUnavailableError(operation, 'failed')
  }

  return {
    async increment(key: string, windowSeconds: number, by = 1): Promise<CounterValue> {
      const entry = live(key)
      if (entry) {
        const count = (Number(entry.value) || 0) + by
        const resetInSeconds = ttlSeconds((entry.expiresAt - now()) / 1000)
        // A counter given back to zero is gone: reading it as absent is the same, and keeping it
        // let refused requests (each one refunded) fill the store until live counters, the
        // per-IP one among them, were evicted and their caps started over.
        if (count <= 0) entries.delete(key)
        else entry.value = String(count)
        return { count, resetInSeconds }
      }
      if (by <= 0) return { count: by, resetInSeconds: ttlSeconds(windowSeconds) }
      makeRoom('write')
      const window = ttlSeconds(windowSeconds)
      entries.set(key, { value: String(by), expiresAt: now() + window * 1000 })
      return { count: by, resetInSeconds: window }
    },
    async get(key: string): Promise<string | undefined> {
      return live(key)?.value
    },
    async set(key: string, value: string, ttl: number): Promise<void> {
      if (!entries.has(key)) makeRoom('write')
      entries.set(key, { value, expiresAt: now() + ttlSeconds(ttl) * 1000 })
    },
    async delete(key: string): Promise<void> {
      entries.delete(key)
    },
    async compareAndSet(key: string, expected: string | undefined, value: string, ttl: number): Promise<boolean> {
      if (live(key)?.value !== expected) return false
      if (!entries.has(key)) makeRoom('write')
      entries.set(key, { value, expiresAt: now() + ttlSeconds(ttl) * 1000 })
      return true
    },
  }
}
