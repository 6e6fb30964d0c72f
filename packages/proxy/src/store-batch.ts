/**
 * How a route keeps to a few store round trips: everything that decides a take is read in ONE
 * `get` ({@link createReadBatch}), and every cap a request takes goes in ONE atomic `take`
 * ({@link createTakePlan}), whose refused `index` names the cap that said no. A module that needs
 * more keys read, or more counters taken (the conversion guard), adds them to the same batch.
 */
import type { Quota, Tally, VerifyStore } from '@hakiki/store'

/** Keys read together in one `get`. */
export interface ReadBatch {
  /** Adds `key` to the batch; the returned function reads its value once {@link ReadBatch.fetch} resolved. */
  key(key: string): () => string | undefined
  /** Like {@link ReadBatch.key}, read as a counter (absent or not a number: 0). */
  count(key: string): () => number
  /** Reads every key added so far in one `get` (none added: no call). */
  fetch(store: VerifyStore): Promise<void>
}

/** Builds an empty {@link ReadBatch}. */
export function createReadBatch(): ReadBatch {
  const keys: string[] = []
  let values: readonly (string | undefined)[] | undefined
  const key = (name: string) => {
    const at = keys.length
    keys.push(name)
    return () => {
      if (values === undefined) throw new Error('read before the batch was fetched')
      return values[at]
    }
  }
  return {
    key,
    count(name) {
      const read = key(name)
      return () => Number(read() ?? 0) || 0
    },
    async fetch(store) {
      values = keys.length === 0 ? [] : await store.get(keys)
    },
  }
}

/** Throws the problem of a refused cap; gets the cap's `retryAfterSeconds`. */
export type Refusal = (retryAfterSeconds: number) => never

/** A counter that never refuses (a tally), taken with the caps so it is counted in the same call. */
const UNCAPPED = Number.MAX_SAFE_INTEGER

/** The caps of one request, in the order they are judged, taken all-or-nothing. */
export interface TakePlan {
  /** Adds caps that, when one is over, refuse with `refuse`. Earlier caps are judged first. */
  caps(quotas: readonly Quota[], refuse: Refusal): void
  /** Adds counters without a cap (statistics), counted in the same `take`. */
  tallies(tallies: readonly Tally[]): void
  /**
   * Refuses now with `refuse` (a reason found without the store), unless a cap added before says
   * no first: those are checked (nothing is taken), so the answer is the one a take would give.
   */
  refuseUnlessEarlier(store: VerifyStore, refuse: () => never): Promise<never>
  /**
   * Takes every cap and tally in one `take`. Refused: nothing is taken and the refusing cap's
   * `refuse` throws. Taken: {@link TakePlan.toGive} says what to give back if the request does
   * not go through (built only then: most requests go through).
   */
  take(store: VerifyStore): Promise<void>
  /** What a successful {@link TakePlan.take} took: to give back when the request does not go through, or after a take that timed out (it may have applied). */
  toGive(): Tally[]
}

/** Builds an empty {@link TakePlan}. */
export function createTakePlan(): TakePlan {
  const quotas: Quota[] = []
  const refusals: (Refusal | undefined)[] = []
  const refuseAt = (index: number, retryAfterSeconds: number): never => {
    const refuse = refusals[index]
    if (refuse === undefined) throw new Error('a tally refused a take')
    return refuse(retryAfterSeconds)
  }
  const toGive = (): Tally[] => quotas.filter((quota) => (quota.amount ?? 1) > 0).map(({ key, windowSeconds, amount }) => ({ key, windowSeconds, amount: amount ?? 1 }))
  return {
    caps(caps, refuse) {
      for (const quota of caps) {
        quotas.push(quota)
        refusals.push(refuse)
      }
    },
    tallies(tallies) {
      for (const { key, windowSeconds, amount } of tallies) {
        // Spelled out, not spread: ten tallies a start.
        quotas.push(amount === undefined ? { key, windowSeconds, limit: UNCAPPED } : { key, windowSeconds, amount, limit: UNCAPPED })
        refusals.push(undefined)
      }
    },
    async refuseUnlessEarlier(store, refuse) {
      // A cap would refuse one more when it is at its limit: amount 0 against limit - 1 asks
      // exactly that, and takes nothing.
      const checks = quotas.map((quota) => ({ ...quota, amount: 0, limit: quota.limit === UNCAPPED ? UNCAPPED : Math.max(0, quota.limit - (quota.amount ?? 1)) }))
      const result = checks.length === 0 ? ({ ok: true } as const) : await store.take(checks)
      if (!result.ok) refuseAt(result.index, result.retryAfterSeconds)
      return refuse()
    },
    async take(store) {
      const result = quotas.length === 0 ? ({ ok: true } as const) : await store.take(quotas)
      if (!result.ok) refuseAt(result.index, result.retryAfterSeconds)
    },
    toGive,
  }
}
