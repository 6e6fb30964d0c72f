/**
 * The storage the proxy keeps its state in. Two roles share it, each with its own methods:
 * - **rate limits**: windowed counters (`increment`, `get`, `delete`);
 * - **verification records**: small JSON documents (`get`, `set`, `compareAndSet`), updated with
 *   compare-and-set so a late answer can never overwrite a newer state (approved, cancelled).
 * Every key is built in `store-keys.ts`. Deliberately tiny so that any shared store can implement
 * it; the package ships an in-memory one and a Redis one.
 */

/** Result of {@link CounterStore.increment}. */
export interface CounterValue {
  /** The counter after this increment (1 on the first hit of a window). */
  count: number
  /** Seconds until the window ends and the counter disappears (at least 1). */
  resetInSeconds: number
}

/** Storage for counters and records, shared by every instance of the app. */
export interface CounterStore {
  /**
   * Atomically adds `by` (default 1; -1 refunds an earlier increment) to the counter at `key` and
   * returns it. A new key starts a fixed window of `windowSeconds`; later increments do not
   * extend it.
   */
  increment(key: string, windowSeconds: number, by?: number): Promise<CounterValue>
  /** The value at `key`, or `undefined` when absent or expired. Counters read as decimal strings. */
  get(key: string): Promise<string | undefined>
  /** Stores `value` at `key` for `ttlSeconds` (replacing any value and expiry). */
  set(key: string, value: string, ttlSeconds: number): Promise<void>
  /** Removes `key`; no error when absent. */
  delete(key: string): Promise<void>
  /**
   * Atomically stores `value` at `key` for `ttlSeconds` only if the current value is `expected`
   * (`undefined`: absent). Resolves `true` when it wrote.
   */
  compareAndSet(key: string, expected: string | undefined, value: string, ttlSeconds: number): Promise<boolean>
}

/** Rounds a TTL to whole seconds, at least 1, as Redis `EX` requires. */
export function ttlSeconds(seconds: number): number {
  return Math.max(1, Math.ceil(seconds))
}
