/**
 * The store as one request sees it: ONE time budget for all its calls. A store answering each
 * command in 0.9 s made one start take 14.6 s when each call had its own deadline. The budget
 * counts the time the request waits on its store (at least one call pending); the provider's time
 * is not counted, so a slow send never fails the record saved after it.
 */
import { StoreUnavailableError, withDeadline } from '@hakiki/store'
import type { Quota, Tally, TakeResult, VerifyStore, WriteOp } from '@hakiki/store'

/**
 * Wraps `store` with a budget of `budgetMs` for all its calls. A `give` (giving back what a
 * refused or failed request took) still gets `graceMs` when the budget is spent. A late or failing
 * store rejects with {@link StoreUnavailableError} (`timeout`, or `failed` wrapping its error).
 */
export function storeForRequest(store: VerifyStore, budgetMs: number, graceMs: number): VerifyStore {
  let spent = 0
  let pending = 0
  let since = 0
  const left = () => budgetMs - spent - (pending > 0 ? performance.now() - since : 0)
  function call<T>(name: keyof VerifyStore, work: () => Promise<T>): Promise<T> {
    const remaining = left()
    const givesBack = name === 'give'
    if (!givesBack && remaining <= 0) return Promise.reject(new StoreUnavailableError(name, 'timeout'))
    if (pending++ === 0) since = performance.now()
    const done = () => {
      if (--pending === 0) spent += performance.now() - since
    }
    const result = withDeadline(name, givesBack ? Math.max(remaining, graceMs) : remaining, work)
    result.then(done, done)
    return result
  }
  return {
    take: (quotas: readonly Quota[]): Promise<TakeResult> => call('take', () => store.take(quotas)),
    give: (tallies: readonly Tally[]): Promise<void> => call('give', () => store.give(tallies)),
    add: (tallies: readonly Tally[]): Promise<number[]> => call('add', () => store.add(tallies)),
    get: (keys: readonly string[]): Promise<(string | undefined)[]> => call('get', () => store.get(keys)),
    write: (op: WriteOp): Promise<boolean> => call('write', () => store.write(op)),
  }
}

/** Whether `store` has the five methods of the store port (`VerifyStore` of `@hakiki/store`). */
export function isVerifyStore(store: unknown): store is VerifyStore {
  const s = store as Partial<Record<keyof VerifyStore, unknown>> | null
  return typeof s === 'object' && s !== null && (['take', 'give', 'add', 'get', 'write'] as const).every((m) => typeof s[m] === 'function')
}
