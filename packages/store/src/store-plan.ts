/**
 * The meaning of the five {@link VerifyStore} methods, once, as pure functions over a snapshot of
 * records: each one reads what it needs through `read` and returns its result with the changes to
 * apply. The memory store applies them to a Map, the Durable Object to its storage, the Deno KV
 * store commits them in one atomic operation checked against what it read; Redis runs the same
 * rules as Lua scripts (kept in step by the contract suite).
 */
import type { Quota, Tally, TakeResult, WriteOp } from './verify-store'

/** A stored value and the time it expires (milliseconds since the epoch). */
export interface StoredRecord {
  value: string
  expiresAt: number
}

/** Reads a live record: `undefined` when absent or expired at `now`. */
export type ReadRecord = (key: string) => StoredRecord | undefined

/** What a plan resolves and what it changes: a record to store, or `null` to delete the key. */
export interface StorePlan<T> {
  result: T
  changes: Map<string, StoredRecord | null>
}

/** Every key a list of quotas or tallies names (in order, without duplicates). */
export function keysOf(items: readonly { key: string }[]): string[] {
  return [...new Set(items.map((item) => item.key))]
}

/** Every key a write reads or changes. */
export function writeKeys(op: WriteOp): string[] {
  return [...new Set([...(op.expect ?? []).map((e) => e.key), ...(op.delete ?? []), ...(op.set ?? []).map((e) => e.key)])]
}

/** Checks the arguments of `take`, `give` and `add` (a programming error is a TypeError, not a store outage). */
export function checkCounters(items: readonly (Tally & { limit?: number })[], withLimit: boolean): void {
  for (const item of items) {
    checkKey(item.key)
    if (!(Number.isFinite(item.windowSeconds) && item.windowSeconds > 0)) throw new TypeError('windowSeconds must be a positive number')
    const amount = item.amount ?? 1
    if (!(Number.isSafeInteger(amount) && amount >= 0)) throw new TypeError('amount must be a whole number >= 0')
    if (withLimit && !(Number.isSafeInteger(item.limit) && (item.limit ?? -1) >= 0)) throw new TypeError('limit must be a whole number >= 0')
  }
}

/** Checks the arguments of `write`. */
export function checkWrite(op: WriteOp): void {
  for (const entry of op.set ?? []) {
    checkKey(entry.key)
    if (typeof entry.value !== 'string') throw new TypeError('a value must be a string')
    if (!(Number.isFinite(entry.ttlSeconds) && entry.ttlSeconds > 0)) throw new TypeError('ttlSeconds must be a positive number')
  }
  for (const key of op.delete ?? []) checkKey(key)
  for (const e of op.expect ?? []) {
    checkKey(e.key)
    if (e.value !== undefined && typeof e.value !== 'string') throw new TypeError('an expected value must be a string or undefined')
  }
}

function checkKey(key: unknown): void {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError('a key must be a non-empty string')
}

/** Milliseconds of a window or TTL given in seconds (at least 1). */
export function toMilliseconds(seconds: number): number {
  return Math.max(1, Math.ceil(seconds * 1000))
}

/** Whole seconds until `expiresAt`, at least 1: what `retryAfterSeconds` says. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(1, Math.ceil((expiresAt - now) / 1000))
}

/** A counter's value; a key holding something else is a programming error. */
export function toCount(value: string): number {
  // What counters hold: the canonical spelling of a whole number (`String(n)`), read without the
  // pattern; any other spelling goes through it.
  const n = Number(value)
  if (Number.isSafeInteger(n) && String(n) === value) return n
  if (!/^-?\d+$/.test(value)) throw new TypeError('the key holds a value that is not a counter')
  return Number(value)
}

/** Reads through the changes planned so far, then the snapshot. */
function overlay(read: ReadRecord, changes: Map<string, StoredRecord | null>): ReadRecord {
  return (key) => (changes.has(key) ? (changes.get(key) ?? undefined) : read(key))
}

/** `take`: all quotas or none. A key named twice counts both amounts. */
export function planTake(quotas: readonly Quota[], read: ReadRecord, now: number): StorePlan<TakeResult> {
  checkCounters(quotas, true)
  const changes = new Map<string, StoredRecord | null>()
  const current = overlay(read, changes)
  for (const [index, quota] of quotas.entries()) {
    const amount = quota.amount ?? 1
    const record = current(quota.key)
    const count = record ? toCount(record.value) : 0
    if (count + amount > quota.limit) {
      const retryAfterSeconds = record ? secondsLeft(record.expiresAt, now) : Math.ceil(toMilliseconds(quota.windowSeconds) / 1000)
      return { result: { ok: false, index, retryAfterSeconds }, changes: new Map() }
    }
    if (amount === 0) continue
    changes.set(quota.key, { value: String(count + amount), expiresAt: record ? record.expiresAt : now + toMilliseconds(quota.windowSeconds) })
  }
  return { result: { ok: true }, changes }
}

/** `give`: never below 0 (a counter back at 0 is deleted), and an ended window is not recreated. */
export function planGive(tallies: readonly Tally[], read: ReadRecord): StorePlan<undefined> {
  checkCounters(tallies, false)
  const changes = new Map<string, StoredRecord | null>()
  const current = overlay(read, changes)
  for (const tally of tallies) {
    const record = current(tally.key)
    if (!record) continue
    const count = toCount(record.value) - (tally.amount ?? 1)
    // A counter given back to zero is gone: it reads the same as absent, and keeping it would let
    // refused requests (each one refunded) fill the store.
    changes.set(tally.key, count <= 0 ? null : { value: String(count), expiresAt: record.expiresAt })
  }
  return { result: undefined, changes }
}

/** `add`: counters without a cap; a new key starts its window. */
export function planAdd(tallies: readonly Tally[], read: ReadRecord, now: number): StorePlan<number[]> {
  checkCounters(tallies, false)
  const changes = new Map<string, StoredRecord | null>()
  const current = overlay(read, changes)
  const result = tallies.map((tally) => {
    const amount = tally.amount ?? 1
    const record = current(tally.key)
    const count = (record ? toCount(record.value) : 0) + amount
    if (record || amount > 0) changes.set(tally.key, { value: String(count), expiresAt: record ? record.expiresAt : now + toMilliseconds(tally.windowSeconds) })
    return count
  })
  return { result, changes }
}

/** `write`: every `expect` checked against the snapshot, then deletes, then sets (a key both deleted and set ends set). */
export function planWrite(op: WriteOp, read: ReadRecord, now: number): StorePlan<boolean> {
  checkWrite(op)
  const changes = new Map<string, StoredRecord | null>()
  for (const e of op.expect ?? []) if (read(e.key)?.value !== e.value) return { result: false, changes }
  for (const key of op.delete ?? []) changes.set(key, null)
  for (const entry of op.set ?? []) changes.set(entry.key, { value: entry.value, expiresAt: now + toMilliseconds(entry.ttlSeconds) })
  return { result: true, changes }
}
