/**
 * The flow's times, read on the server's clock: a sent verification keeps the server's times and
 * the skew measured when the answer arrived, so a phone whose clock is minutes off still counts
 * down the server's cooldown and lifetime.
 */
import type { SentVerification } from './flow-state'

/** Whole seconds until the code expires (0 once expired), read on the server's clock. */
export function secondsUntilExpiry(verification: SentVerification, clientNow: number): number {
  return secondsUntil(verification.expiresAt, clientNow + verification.skewMs)
}

/** Whole seconds until a resend is accepted (0 when it is). */
export function secondsUntilResend(verification: SentVerification, clientNow: number): number {
  return secondsUntil(verification.resendAt, clientNow + verification.skewMs)
}

/** True when the cooldown since the last send is over (see `canResendAt` for the whole rule). */
export function canResend(verification: SentVerification, clientNow: number): boolean {
  return clientNow + verification.skewMs >= verification.resendAt
}

function secondsUntil(target: number, now: number): number {
  return Math.max(0, Math.ceil((target - now) / 1000))
}
