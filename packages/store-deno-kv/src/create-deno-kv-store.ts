import { StoreUnavailableError, checkCounters, checkWrite, keysOf, planAdd, planGive, planTake, planWrite, writeKeys } from '@hakiki/store'
import type { StorePlan, StoredRecord, VerifyStore } from '@hakiki/store'

/** A Deno KV key: `['hakiki', 'ip:203.0.113.7']`. */
export type DenoKvKey = readonly (string | number | bigint | boolean | symbol | Uint8Array)[]

/** One entry read from Deno KV. */
export interface DenoKvEntryLike {
  readonly key: DenoKvKey
  readonly value: unknown
  readonly versionstamp: string | null
}

/** An atomic operation of Deno KV (`kv.atomic()`). */
export interface DenoKvAtomicLike {
  check(...checks: { key: DenoKvKey; versionstamp: string | null }[]): this
  set(key: DenoKvKey, value: unknown, options?: { expireIn?: number }): this
  delete(key: DenoKvKey): this
  commit(): Promise<{ ok: boolean }>
}

/** The part of `Deno.Kv` the store uses (`await Deno.openKv()` fits). */
export interface DenoKvLike {
  getMany(keys: DenoKvKey[]): Promise<DenoKvEntryLike[]>
  atomic(): DenoKvAtomicLike
}

/** Options of {@link createDenoKvStore}. */
export interface DenoKvStoreOptions {
  /** Key prefix of every record. Default `['hakiki']`. */
  prefix?: DenoKvKey
  /**
   * Attempts of a call that keeps meeting concurrent writes to its keys before it gives up
   * (`StoreUnavailableError`), each after a short random pause. Default 100 (the proxy's deadline
   * ends a call sooner).
   */
  maxAttempts?: number
}

/** A record as stored: value and expiry (ms since the epoch). */
interface Stored {
  v: string
  e: number
}

/** `getMany` reads at most 10 keys. */
const READ_BATCH = 10

/**
 * A local KV file shared by several processes is one SQLite database: a process that finds it
 * locked by another's write gets "database is locked", a conflict like a failed check, retried.
 */
function isBusy(error: unknown): boolean {
  const cause = error instanceof StoreUnavailableError ? error.cause : error
  return /database is locked|SQLITE_BUSY/i.test(cause instanceof Error ? cause.message : String(cause))
}

function isStored(value: unknown): value is Stored {
  return typeof value === 'object' && value !== null && typeof (value as Stored).v === 'string' && typeof (value as Stored).e === 'number'
}

/**
 * A {@link VerifyStore} on Deno KV (Deno Deploy's global store, or a local SQLite file shared by
 * the processes of one machine). Each call reads its keys and commits its changes in one atomic
 * operation that checks every key read is unchanged (optimistic concurrency: on a conflict it reads
 * again), so calls are atomic across instances. That is two round trips per call (a read, then a
 * checked commit) where Redis and Durable Objects take one: Deno KV has no conditional arithmetic.
 * `get` is one read.
 *
 * Expired records read as absent at once; KV deletes them itself (`expireIn`).
 */
export function createDenoKvStore(kv: DenoKvLike, options: DenoKvStoreOptions = {}): VerifyStore {
  const prefix = options.prefix ?? ['hakiki']
  const maxAttempts = options.maxAttempts ?? 100
  const kvKey = (key: string): DenoKvKey => [...prefix, key]

  async function read(operation: string, keys: readonly string[]) {
    let entries: DenoKvEntryLike[]
    try {
      const batches: Promise<DenoKvEntryLike[]>[] = []
      for (let i = 0; i < keys.length; i += READ_BATCH) batches.push(kv.getMany(keys.slice(i, i + READ_BATCH).map(kvKey)))
      entries = (await Promise.all(batches)).flat()
    } catch (error) {
      throw new StoreUnavailableError(operation, 'failed', error)
    }
    const now = Date.now()
    const byKey = new Map(keys.map((key, i) => [key, entries[i]!]))
    return {
      now,
      entries,
      read: (key: string): StoredRecord | undefined => {
        const value = byKey.get(key)?.value
        return isStored(value) && value.e > now ? { value: value.v, expiresAt: value.e } : undefined
      },
    }
  }

  async function apply<T>(operation: string, keys: readonly string[], plan: (read: (key: string) => StoredRecord | undefined, now: number) => StorePlan<T>): Promise<T> {
    if (keys.length === 0) return plan(() => undefined, Date.now()).result
    for (let attempt = 1; ; attempt += 1) {
      if (attempt > 1) {
        if (attempt > maxAttempts) throw new StoreUnavailableError(operation, 'failed', new Error('too many concurrent writes to the same keys'))
        // Calls that collided retry at random moments, or they would collide again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)))
      }
      let snapshot: Awaited<ReturnType<typeof read>>
      try {
        snapshot = await read(operation, keys)
      } catch (error) {
        if (isBusy(error)) continue
        throw error
      }
      const { result, changes } = plan(snapshot.read, snapshot.now)
      const atomic = kv.atomic()
      // Every key read is checked, changed or not: a take refused or granted on a counter that
      // moved since the read is decided again.
      atomic.check(...snapshot.entries.map((entry) => ({ key: entry.key, versionstamp: entry.versionstamp })))
      for (const [key, record] of changes) {
        if (record) atomic.set(kvKey(key), { v: record.value, e: record.expiresAt } satisfies Stored, { expireIn: Math.max(1, record.expiresAt - snapshot.now) })
        else atomic.delete(kvKey(key))
      }
      let committed: { ok: boolean }
      try {
        committed = await atomic.commit()
      } catch (error) {
        if (isBusy(error)) continue
        throw new StoreUnavailableError(operation, 'failed', error)
      }
      if (committed.ok) return result
    }
  }

  return {
    take: async (quotas) => {
      checkCounters(quotas, true)
      return apply('take', keysOf(quotas), (r, now) => planTake(quotas, r, now))
    },
    give: async (tallies) => {
      checkCounters(tallies, false)
      return apply('give', keysOf(tallies), (r) => planGive(tallies, r))
    },
    add: async (tallies) => {
      checkCounters(tallies, false)
      return apply('add', keysOf(tallies), (r, now) => planAdd(tallies, r, now))
    },
    get: async (keys) => {
      if (!keys.every((k) => typeof k === 'string' && k.length > 0)) throw new TypeError('a key must be a non-empty string')
      if (keys.length === 0) return []
      const { read: r } = await read('get', [...new Set(keys)])
      return keys.map((key) => r(key)?.value)
    },
    write: async (op) => {
      checkWrite(op)
      return apply('write', writeKeys(op), (r, now) => planWrite(op, r, now))
    },
  }
}
