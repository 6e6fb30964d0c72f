/** A counter with a cap, taken all-or-nothing by `take`. Amounts are integers (money in micro-USD). */
export interface Quota {
  key: string
  /** Fixed window: a new key starts a window of this length; later takes do not extend it. */
  windowSeconds: number
  limit: number
  /** Default 1. */
  amount?: number
}

/** A counter without a cap (statistics: sends and verifications per country/prefix). */
export interface Tally {
  key: string
  windowSeconds: number
  amount?: number
}

/** What {@link VerifyStore.take} resolves. */
export type TakeResult =
  | { ok: true }
  /** `index`: the first quota that would go over its limit; `retryAfterSeconds`: until its window ends (≥ 1). */
  | { ok: false; index: number; retryAfterSeconds: number }

/** A record written by {@link VerifyStore.write}. */
export interface Entry {
  key: string
  value: string
  ttlSeconds: number
}

/** One atomic write: deletes, then sets, if every `expect` holds. */
export interface WriteOp {
  set?: readonly Entry[]
  delete?: readonly string[]
  /** Compare-and-set: the write happens only if each key holds exactly `value` (`undefined` = absent). */
  expect?: readonly { key: string; value: string | undefined }[]
}

/** Every method is ONE round trip to the store and atomic over all the keys it names. */
export interface VerifyStore {
  /** If every counter + amount <= limit, adds amount to each and resolves {ok:true}; otherwise changes nothing. */
  take(quotas: readonly Quota[]): Promise<TakeResult>
  /** Gives back amounts taken earlier (never below 0; a window that has ended is not recreated). */
  give(quotas: readonly Tally[]): Promise<void>
  /** Adds to counters with no cap, resolving the new values in order. */
  add(tallies: readonly Tally[]): Promise<number[]>
  /** Reads keys (counters read as decimal strings), `undefined` when absent or expired. */
  get(keys: readonly string[]): Promise<(string | undefined)[]>
  /** Sets and deletes atomically; resolves false (and writes nothing) when an `expect` does not hold. */
  write(op: WriteOp): Promise<boolean>
}
