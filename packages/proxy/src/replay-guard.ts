import type { CounterStore } from './stores/counter-store'
import { DEFAULT_STORE_TIMEOUT_MS, withDeadline } from './stores/store-deadline'
import { storeKeys } from './store-keys'

/** Options of {@link createReceiptReplayGuard}. */
export interface ReceiptReplayGuardOptions {
  /** Clock in milliseconds; defaults to `Date.now`. */
  now?: () => number
  /** Deadline of the store call in ms; default 1000. A late or failing store rejects (fail closed). */
  timeoutMs?: number
}

/**
 * A `seen` hook for `verifyReceipt` on a {@link CounterStore}: the first use of a receipt's `jti`
 * passes, every later one is reported as seen until the receipt expires. With the Redis store it
 * holds across every instance of the app. The store call has a deadline: a hung Redis makes
 * `verifyReceipt` throw `store_unavailable` at once instead of hanging the sign-up.
 *
 * @example
 * const seen = createReceiptReplayGuard(store)
 * const claims = await verifyReceipt(body.receipt, secret, { expectedTo: body.phone, seen })
 */
export function createReceiptReplayGuard(store: CounterStore, options: ReceiptReplayGuardOptions = {}): (jti: string, expiresAt: number) => Promise<boolean> {
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS
  return async (jti, expiresAt) => {
    const ttl = Math.max(1, expiresAt - Math.floor(now() / 1000))
    const { count } = await withDeadline('increment', timeoutMs, () => store.increment(storeKeys.receiptUse(jti), ttl))
    return count > 1
  }
}
