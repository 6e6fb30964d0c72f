/**
 * The store as one request sees it: ONE time budget for all its calls. A store answering each
 * command in 0.9 s made one start take 14.6 s when each call had its own deadline. The budget
 * counts the time the request waits on its store (at least one call pending); the provider's time
 * is not counted, so a slow send never fails the record saved after it.
 */
import { StoreUnavailableError, callAsync } from '@hakiki/store'
import type { Quota, Tally, TakeResult, VerifyStore, WriteOp } from '@hakiki/store'

/** A store call in flight: when it must have answered (`performance.now()`), and how it fails. */
interface Deadline {
  deadline: number
  fail(): void
}

// Every request's store calls in flight, in this process, and ONE timer for all of them: a timer
// per call was ~4 per start and ~6 per check, set and cleared around calls that a memory store
// answers in microseconds. The timer is set for the earliest deadline and left to fire (a call
// that answers only leaves the set); when it fires it ends the calls past their deadline and is
// set again for the earliest of the rest. Deadlines come in roughly in order (each is its call's
// start plus the request's budget left), so a new call seldom moves the timer. Nothing of a
// request is kept once its calls have answered.
const inFlight = new Set<Deadline>()
let timer: ReturnType<typeof setTimeout> | undefined
let firesAt = Number.POSITIVE_INFINITY

function arm(deadline: number, at: number): void {
  if (timer !== undefined && firesAt <= deadline) return
  if (timer !== undefined) clearTimeout(timer)
  // Whole milliseconds: Node keeps one timer list per distinct duration.
  const ms = Math.max(1, Math.ceil(deadline - at))
  firesAt = at + ms
  timer = setTimeout(expire, ms)
  // Node: a pending deadline must not keep the process alive; other runtimes have no unref.
  ;(timer as { unref?: () => void }).unref?.()
}

function expire(): void {
  timer = undefined
  firesAt = Number.POSITIVE_INFINITY
  const at = performance.now()
  let next = Number.POSITIVE_INFINITY
  for (const entry of inFlight) {
    if (entry.deadline <= at) entry.fail()
    else next = Math.min(next, entry.deadline)
  }
  if (next !== Number.POSITIVE_INFINITY) arm(next, at)
}

/**
 * Wraps `store` with a budget of `budgetMs` for all its calls. A `give` (giving back what a
 * refused or failed request took) still gets `graceMs` when the budget is spent. A late or failing
 * store rejects with {@link StoreUnavailableError} (`timeout`, or `failed` wrapping its error).
 */
export function storeForRequest(store: VerifyStore, budgetMs: number, graceMs: number): VerifyStore {
  let spent = 0
  let pending = 0
  let since = 0
  const settle = (entry: Deadline, at: number): boolean => {
    if (!inFlight.delete(entry)) return false
    if (--pending === 0) spent += at - since
    return true
  }
  function call<T>(name: keyof VerifyStore, work: () => Promise<T>): Promise<T> {
    const at = performance.now()
    const remaining = budgetMs - spent - (pending > 0 ? at - since : 0)
    const givesBack = name === 'give'
    if (!givesBack && remaining <= 0) return Promise.reject(new StoreUnavailableError(name, 'timeout'))
    if (pending++ === 0) since = at
    return new Promise<T>((resolve, reject) => {
      const entry: Deadline = {
        deadline: at + (givesBack ? Math.max(remaining, graceMs) : remaining),
        fail: () => {
          if (settle(entry, performance.now())) reject(new StoreUnavailableError(name, 'timeout'))
        },
      }
      inFlight.add(entry)
      arm(entry.deadline, at)
      callAsync(work).then(
        (value) => {
          if (settle(entry, performance.now())) resolve(value)
        },
        (error: unknown) => {
          if (settle(entry, performance.now())) reject(error instanceof StoreUnavailableError ? error : new StoreUnavailableError(name, 'failed', error))
        },
      )
    })
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
