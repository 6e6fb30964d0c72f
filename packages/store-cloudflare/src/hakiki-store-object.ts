import { keysOf, planAdd, planGive, planTake, planWrite, writeKeys } from '@hakiki/store'
import type { Quota, StorePlan, StoredRecord, Tally, WriteOp } from '@hakiki/store'
import { MAX_CALL_BYTES, STORE_METHODS } from './durable-object-protocol'
import type { StoreMethod } from './durable-object-protocol'

/** The part of a Durable Object's storage the store uses (`ctx.storage`). */
export interface DurableObjectStorageLike {
  get(keys: string[]): Promise<Map<string, unknown>>
  put(entries: Record<string, unknown>): Promise<void>
  delete(keys: string[]): Promise<number>
  list(options?: { limit?: number; startAfter?: string }): Promise<Map<string, unknown>>
  getAlarm(): Promise<number | null>
  setAlarm(scheduledTime: number): Promise<void>
}

/** The part of a Durable Object's state the store uses (`ctx`). */
export interface DurableObjectStateLike {
  readonly storage: DurableObjectStorageLike
}

/** A record as stored: value and expiry (ms since the epoch). */
interface Stored {
  v: string
  e: number
}

/** Storage takes at most 128 keys per get, put or delete. */
const BATCH = 128
/** How often expired records are swept, at most. */
const SWEEP_EVERY_MS = 3_600_000

function isStored(value: unknown): value is Stored {
  return typeof value === 'object' && value !== null && typeof (value as Stored).v === 'string' && typeof (value as Stored).e === 'number'
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH))
  return out
}

/**
 * The Durable Object class behind `createDurableObjectStore`: export it from your Worker and bind
 * it (`durable_objects.bindings`, a `new_sqlite_classes` migration). All of an app's keys live in
 * one object (a take's counters must change together), which runs one request at a time: its
 * input gates hold other requests while a call reads and writes storage, and the writes of one call
 * (no `await` between them) commit together, so each call is atomic. One object serves on the order
 * of a thousand calls a second.
 *
 * Expired records read as absent at once and are deleted by an alarm (hourly at most).
 */
export class HakikiStoreObject {
  readonly #storage: DurableObjectStorageLike
  #alarmSet: boolean | undefined

  constructor(state: DurableObjectStateLike, _env?: unknown) {
    this.#storage = state.storage
  }

  /** Serves one store call (see `durable-object-protocol`). */
  async fetch(request: Request): Promise<Response> {
    const method = new URL(request.url).pathname.slice(1) as StoreMethod
    if (request.method !== 'POST' || !STORE_METHODS.includes(method)) return Response.json({ error: 'NotFound' }, { status: 404 })
    const text = await request.text()
    if (text.length > MAX_CALL_BYTES) return Response.json({ error: 'TypeError', message: 'call too large' }, { status: 400 })
    let argument: unknown
    try {
      argument = JSON.parse(text)
    } catch {
      return Response.json({ error: 'TypeError', message: 'call is not JSON' }, { status: 400 })
    }
    try {
      // JSON has no undefined (give resolves nothing): null stands for it.
      return Response.json({ result: (await this.#call(method, argument)) ?? null })
    } catch (error) {
      if (error instanceof TypeError) return Response.json({ error: 'TypeError', message: error.message }, { status: 400 })
      throw error
    }
  }

  /** Deletes expired records; runs again while any record is left. */
  async alarm(): Promise<void> {
    const now = Date.now()
    let left = false
    let startAfter: string | undefined
    for (;;) {
      const page = await this.#storage.list(startAfter === undefined ? { limit: 1000 } : { limit: 1000, startAfter })
      if (page.size === 0) break
      const expired: string[] = []
      for (const [key, value] of page) {
        if (!isStored(value) || value.e <= now) expired.push(key)
        else left = true
        startAfter = key
      }
      for (const batch of chunks(expired)) await this.#storage.delete(batch)
      if (page.size < 1000) break
    }
    this.#alarmSet = left
    if (left) await this.#storage.setAlarm(now + SWEEP_EVERY_MS)
  }

  async #call(method: StoreMethod, argument: unknown): Promise<unknown> {
    const list = (): readonly never[] => {
      if (!Array.isArray(argument)) throw new TypeError(`${method} takes a list`)
      return argument as never[]
    }
    switch (method) {
      case 'take': {
        const quotas: readonly Quota[] = list()
        return this.#apply(keysOf(quotas), (read, now) => planTake(quotas, read, now))
      }
      case 'give': {
        const tallies: readonly Tally[] = list()
        return this.#apply(keysOf(tallies), (read) => planGive(tallies, read))
      }
      case 'add': {
        const tallies: readonly Tally[] = list()
        return this.#apply(keysOf(tallies), (read, now) => planAdd(tallies, read, now))
      }
      case 'get': {
        const keys: readonly string[] = list()
        if (!keys.every((k) => typeof k === 'string')) throw new TypeError('keys must be strings')
        const { read } = await this.#snapshot(keys)
        // JSON has no undefined: absent keys travel as null.
        return keys.map((key) => read(key)?.value ?? null)
      }
      case 'write': {
        if (typeof argument !== 'object' || argument === null) throw new TypeError('write takes an object')
        const op = argument as WriteOp
        return this.#apply(writeKeys(op), (read, now) => planWrite(op, read, now))
      }
    }
  }

  async #snapshot(keys: readonly string[]): Promise<{ read: (key: string) => StoredRecord | undefined; now: number }> {
    const stored = new Map<string, unknown>()
    for (const batch of chunks([...new Set(keys)])) for (const [key, value] of await this.#storage.get(batch)) stored.set(key, value)
    const now = Date.now()
    return {
      now,
      read: (key) => {
        const value = stored.get(key)
        return isStored(value) && value.e > now ? { value: value.v, expiresAt: value.e } : undefined
      },
    }
  }

  /** Reads the keys, plans, and writes the changes in one batch (no await between the writes: one atomic commit). */
  async #apply<T>(keys: readonly string[], plan: (read: (key: string) => StoredRecord | undefined, now: number) => StorePlan<T>): Promise<T> {
    const { read, now } = await this.#snapshot(keys)
    const { result, changes } = plan(read, now)
    const puts: Record<string, Stored> = {}
    const deletes: string[] = []
    for (const [key, record] of changes) {
      if (record) puts[key] = { v: record.value, e: record.expiresAt }
      else deletes.push(key)
    }
    const writes: Promise<unknown>[] = []
    const putKeys = Object.keys(puts)
    for (const batch of chunks(putKeys)) writes.push(this.#storage.put(Object.fromEntries(batch.map((key) => [key, puts[key]]))))
    for (const batch of chunks(deletes)) writes.push(this.#storage.delete(batch))
    if (putKeys.length > 0 && this.#alarmSet !== true) writes.push(this.#ensureAlarm(now))
    await Promise.all(writes)
    return result
  }

  async #ensureAlarm(now: number): Promise<void> {
    this.#alarmSet = true
    if ((await this.#storage.getAlarm()) === null) await this.#storage.setAlarm(now + SWEEP_EVERY_MS)
  }
}
