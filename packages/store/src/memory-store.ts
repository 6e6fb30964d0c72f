import { StoreUnavailableError } from './store-unavailable-error'
import type { StorePlan, StoredRecord } from './store-plan'
import { planAdd, planGive, planTake, planWrite } from './store-plan'
import type { VerifyStore } from './verify-store'

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Clock in milliseconds; defaults to `Date.now`. Tests inject one to end windows without sleeping. */
  now?: () => number
  /** Most live counters (`take`, `add`). Default 100 000. */
  maxCounters?: number
  /** Most live records (`write`'s `set`). Default 100 000. */
  maxRecords?: number
}

type Kind = 'counter' | 'record'

interface Slot extends StoredRecord {
  kind: Kind
}

/**
 * A {@link VerifyStore} in this process's memory: right for a single instance (tests, a single VM
 * or container). Several instances need a shared store, or each would count on its own and
 * multiply every limit.
 *
 * Counters and records are bounded apart, so a flood of records (sessions) cannot crowd out a
 * counter. A live counter is never evicted: evicting one would start its cap over. When a bound is
 * reached and nothing has expired, the call rejects with {@link StoreUnavailableError} (`full`),
 * which the proxy answers with 503, rather than forget a cap. Expired keys are dropped when read
 * and swept when a bound is reached (only if one may have expired), never by a timer: the store
 * keeps no process alive and needs no `close()`.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): VerifyStore {
  const now = options.now ?? Date.now
  const bounds: Record<Kind, number> = { counter: options.maxCounters ?? 100_000, record: options.maxRecords ?? 100_000 }
  for (const bound of Object.values(bounds)) if (!(Number.isSafeInteger(bound) && bound > 0)) throw new TypeError('maxCounters and maxRecords must be whole numbers > 0')
  const slots = new Map<string, Slot>()
  const sizes: Record<Kind, number> = { counter: 0, record: 0 }
  // The earliest expiry that may still be in the map: sweeping before it finds nothing, so a full
  // store does not walk the whole map on every call.
  let nextExpiry = Number.POSITIVE_INFINITY

  function remove(key: string): void {
    const slot = slots.get(key)
    if (!slot) return
    slots.delete(key)
    sizes[slot.kind] -= 1
  }

  /**
   * Reads live records as of `t` (one clock reading per call, not one per key). With `seen`, each
   * slot read is kept there by key, so applying the plan finds it again without a second lookup in
   * the big map (that lookup was a third of `apply`'s time with every counter of a start changed).
   */
  const readAt =
    (t: number, seen?: Map<string, Slot | undefined>) =>
    (key: string): StoredRecord | undefined => {
      let slot = slots.get(key)
      if (slot && slot.expiresAt <= t) {
        remove(key)
        slot = undefined
      }
      seen?.set(key, slot)
      return slot
    }

  function sweep(t: number): void {
    if (nextExpiry > t) return
    nextExpiry = Number.POSITIVE_INFINITY
    for (const [key, slot] of slots) {
      if (slot.expiresAt <= t) remove(key)
      else nextExpiry = Math.min(nextExpiry, slot.expiresAt)
    }
  }

  /**
   * Applies a plan's changes, or none of them when they would take a bound past its limit. `seen`:
   * the slots the plan read (a key it changes without reading it is looked up here).
   */
  function apply<T>(operation: string, kind: Kind, plan: StorePlan<T>, seen: Map<string, Slot | undefined>): T {
    // Each key is looked up once: its slot, kept for the loop that changes it.
    const found: (Slot | undefined)[] = []
    let added = 0
    for (const [key, record] of plan.changes) {
      const slot = seen.has(key) ? seen.get(key) : slots.get(key)
      found.push(slot)
      if (record && !slot) added += 1
    }
    if (added > 0 && sizes[kind] + added > bounds[kind]) {
      sweep(now())
      // The sweep may have removed some of them.
      let i = 0
      for (const key of plan.changes.keys()) found[i++] = slots.get(key)
      if (sizes[kind] + added > bounds[kind]) throw new StoreUnavailableError(operation, 'full')
    }
    let i = 0
    for (const [key, record] of plan.changes) {
      const slot = found[i++]
      if (!record) {
        if (slot) remove(key)
        continue
      }
      // Changed in place, not deleted and set again: a Map leaves a hole for every delete and
      // rebuilds its table once they fill it, which made this loop the proxy's costliest line
      // (issue 24: 7–9 % of its CPU, with every counter of a start changed at once).
      if (slot) {
        if (slot.kind !== kind) {
          sizes[slot.kind] -= 1
          sizes[kind] += 1
          slot.kind = kind
        }
        slot.value = record.value
        slot.expiresAt = record.expiresAt
      } else {
        slots.set(key, { value: record.value, expiresAt: record.expiresAt, kind })
        sizes[kind] += 1
      }
      if (record.expiresAt < nextExpiry) nextExpiry = record.expiresAt
    }
    return plan.result
  }

  /**
   * Plans a change from the records live now and applies it, the slots the plan read kept for
   * `apply` (one lookup per key in the big map).
   */
  function change<T>(operation: string, kind: Kind, planAt: (read: (key: string) => StoredRecord | undefined, t: number) => StorePlan<T>): T {
    const t = now()
    const seen = new Map<string, Slot | undefined>()
    return apply(operation, kind, planAt(readAt(t, seen), t), seen)
  }

  // Each method runs synchronously from its first read to its last change: atomic in one process.
  return {
    take: async (quotas) => change('take', 'counter', (read, t) => planTake(quotas, read, t)),
    give: async (tallies) => change('give', 'counter', (read) => planGive(tallies, read)),
    add: async (tallies) => change('add', 'counter', (read, t) => planAdd(tallies, read, t)),
    get: async (keys) => {
      const read = readAt(now())
      return keys.map((key) => read(key)?.value)
    },
    write: async (op) => change('write', 'record', (read, t) => planWrite(op, read, t)),
  }
}
