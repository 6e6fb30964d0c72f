import { DEFAULT_STORE_TIMEOUT_MS, withDeadline } from '@hakiki/store'
import type { VerifyStore } from '@hakiki/store'
import { DEFAULT_RECEIPT_TTL_SECONDS } from './receipt'
import { storeKeys } from './store-keys'

/**
 * The record of the second since which the store has remembered every receipt use. Its absence
 * means the store lost its records (restart without persistence, failover to a replica that had
 * not caught up, a flush) or never had them. Lives as long as the store (ten years, not refreshed).
 */
const GUARD_SINCE_KEY = `${storeKeys.receiptUse('')}guard-since`
const GUARD_SINCE_TTL_SECONDS = 10 * 365 * 86_400
/**
 * How far back a new mark is set: receipts issued this long before it still pass. On a new store
 * this covers a guard created lazily, just after the receipt it checks first; after a loss, it is
 * the only window in which a receipt used before the loss could be used again.
 */
const MARK_GRACE_SECONDS = 5

/**
 * Marks `store` as remembering receipt uses from now on (less {@link MARK_GRACE_SECONDS}), unless
 * it is marked already. The proxy calls it when it starts, before it issues any receipt, so a guard
 * created later on the same store accepts every receipt of that proxy. Rejects when the store fails.
 */
export async function markReceiptStore(store: VerifyStore, now: () => number = Date.now, timeoutMs: number = DEFAULT_STORE_TIMEOUT_MS): Promise<void> {
  const since = Math.floor(now() / 1000) - MARK_GRACE_SECONDS
  await withDeadline('write', timeoutMs, () =>
    store.write({ expect: [{ key: GUARD_SINCE_KEY, value: undefined }], set: [{ key: GUARD_SINCE_KEY, value: String(since), ttlSeconds: GUARD_SINCE_TTL_SECONDS }] }),
  )
}

/** Options of {@link createReceiptReplayGuard}. */
export interface ReceiptReplayGuardOptions {
  /** Clock in milliseconds; defaults to `Date.now`. */
  now?: () => number
  /** Deadline of the store calls in ms; default 1000. A late or failing store rejects (fail closed). */
  timeoutMs?: number
  /**
   * A receipt issued before the store lost its records may have been used already, and the store
   * no longer knows. `'refuse'` (default): such a receipt is reported as seen (`replayed`), and its
   * user verifies again; `'accept'`: it is accepted, and a receipt used before the loss can be used
   * again until it expires (`receiptTtlSeconds`, default 600).
   */
  afterStoreLoss?: 'refuse' | 'accept'
}

/** What {@link createReceiptReplayGuard} returns: `verifyReceipt`'s `seen` hook. */
export type ReceiptSeenHook = (jti: string, expiresAt: number, issuedAt?: number) => Promise<boolean>

/**
 * A `seen` hook for `verifyReceipt` on the proxy's store (a `VerifyStore`: `createMemoryStore()`, or
 * one of `@hakiki/store-*`): the first use of a receipt's `jti` passes, every later one is reported as
 * seen until the receipt expires. With a shared store it holds across every instance of the app.
 * Each store call has a deadline: a hung store makes `verifyReceipt` throw `store_unavailable` at
 * once instead of hanging the sign-up.
 *
 * Safe across a store that forgets (restarted without `appendonly`, failed over, flushed): the
 * store is marked with the second since which it has remembered uses (by the proxy when it starts,
 * by the guard when it is created, and again whenever the mark is gone), and receipts issued before
 * the mark (less 5 s) are refused (`afterStoreLoss`), so a receipt whose use was lost cannot be
 * replayed. Two store calls per check.
 *
 * @example
 * const seen = createReceiptReplayGuard(store)
 * const claims = await verifyReceipt(body.receipt, secret, { expectedTo: body.phone, seen })
 */
export function createReceiptReplayGuard(store: VerifyStore, options: ReceiptReplayGuardOptions = {}): ReceiptSeenHook {
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS
  const failClosed = options.afterStoreLoss !== 'accept'
  const seconds = () => Math.floor(now() / 1000)
  // Marks the store if it is not marked yet (compare-and-set: the first mark stays).
  const mark = () => markReceiptStore(store, now, timeoutMs)
  const markedSince = async () => (await withDeadline('get', timeoutMs, () => store.get([GUARD_SINCE_KEY])))[0]
  // At once, before the app checks its first receipt: on a new store, receipts issued from now on
  // pass. A failure here is retried by the first check.
  if (failClosed) void mark().catch(() => undefined)
  return async (jti, expiresAt, issuedAt) => {
    const ttl = Math.max(1, expiresAt - seconds())
    // The first use takes the one slot; every later one is refused by it.
    const first = await withDeadline('take', timeoutMs, () => store.take([{ key: storeKeys.receiptUse(jti), windowSeconds: ttl, limit: 1 }]))
    if (!first.ok) return true
    if (!failClosed) return false
    // After the use is recorded: a loss between the two calls leaves no mark, and is caught here.
    let since = await markedSince()
    if (since === undefined) {
      await mark()
      since = await markedSince()
      if (since === undefined) throw new Error('the replay guard could not mark the store')
    }
    // Without the issue time (a hook called by hand), assume the default lifetime.
    return (issuedAt ?? expiresAt - DEFAULT_RECEIPT_TTL_SECONDS) < Number(since)
  }
}
