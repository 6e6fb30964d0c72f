/**
 * The flow's times on the client clock, for the machine and the store: a sent verification keeps
 * the server's times and the skew measured when the answer arrived. Internal; the public clock
 * reads are in `flow-clock.ts`.
 */
import type { FlowState, SentVerification } from './flow-state'

/** True when the code's lifetime is over on the server's clock. */
export function isExpiredAt(verification: SentVerification, clientNow: number): boolean {
  return clientNow + verification.skewMs >= verification.expiresAt
}

/** Client epoch ms at which a server time comes, for timers on the client clock. */
export function toClientTime(verification: SentVerification, serverTime: number): number {
  return serverTime - verification.skewMs
}

/**
 * Client epoch ms from which a new code can be asked for: the later of the last code's cooldown
 * (read on the server's clock: the skew measured with the answer is applied here, once) and the
 * wait a refused send asked for (`rate_limited` with `retryAt`). `undefined` when neither applies.
 * The one computation behind the machine's `canResend` guard and `connect()`'s `waitUntil`.
 */
export function newCodeAt(state: FlowState): number | undefined {
  const error = 'error' in state ? state.error : undefined
  const retryAt = error?.code === 'rate_limited' ? error.retryAt : undefined
  // The cooldown of the last code gates every send to its address: the code step's and the problem step's.
  const verification = 'verification' in state && state.status !== 'verified' ? state.verification : undefined
  const cooldown = verification ? toClientTime(verification, verification.resendAt) : undefined
  if (retryAt === undefined) return cooldown
  return cooldown === undefined ? retryAt : Math.max(retryAt, cooldown)
}
