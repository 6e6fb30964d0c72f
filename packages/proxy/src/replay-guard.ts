import type { CounterStore } from './stores/counter-store'

/**
 * A `seen` hook for `verifyReceipt` on a {@link CounterStore}: the first use of a receipt's `jti`
 * passes, every later one is reported as seen until the receipt expires. With the Redis store it
 * holds across every instance of the app.
 *
 * @example
 * const seen = createReceiptReplayGuard(store)
 * const claims = await verifyReceipt(body.receipt, secret, { expectedTo: body.phone, seen })
 */
export function createReceiptReplayGuard(store: CounterStore, options: { now?: () => number } = {}): (jti: string, expiresAt: number) => Promise<boolean> {
  const now = options.now ?? Date.now
  return async (jti, expiresAt) => {
    const ttl = Math.max(1, expiresAt - Math.floor(now() / 1000))
    const { count } = await store.increment(`jti:${jti}`, ttl)
    return count > 1
  }
}
