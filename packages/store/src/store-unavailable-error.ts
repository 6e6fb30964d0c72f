/** Why a store call became a {@link StoreUnavailableError}. */
export type StoreUnavailableReason = 'timeout' | 'failed' | 'full'

/**
 * A store call failed, missed its deadline, or (a memory store) had no room left. Its message names
 * the operation only, never a key: keys carry phone numbers and addresses.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError'
  /** Stable code: the proxy answers 503 `store_unavailable`. */
  readonly code = 'store_unavailable'
  /** `timeout` when the deadline passed, `failed` when the store rejected, `full` when a bounded store had no room. */
  readonly reason: StoreUnavailableReason

  constructor(operation: string, reason: StoreUnavailableReason, cause?: unknown) {
    super(`store ${operation} ${REASON_TEXT[reason]}`, cause === undefined ? undefined : { cause })
    this.reason = reason
  }
}

const REASON_TEXT: Record<StoreUnavailableReason, string> = { timeout: 'timed out', failed: 'failed', full: 'is full' }
