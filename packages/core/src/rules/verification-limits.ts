import type { VerificationStatus } from '../adapters/contract'

/**
 * The limits of one verification that every verifier applies alike (the engine, and the defaults
 * the Verify API and Twilio Verify use): how many digits, how long a code works, how many wrong
 * codes and how many sends. One place, so the engine, the sandbox and the memory adapter agree.
 */
export interface VerificationLimits {
  /** Digits of a code (4–10). */
  codeLength: number
  /** Seconds a code works after the first send; re-sends do not extend it. */
  lifetimeSeconds: number
  /** Wrong codes after which the verification is cancelled. */
  maxAttempts: number
  /** Sends of one verification, the first included. */
  maxSends: number
}

/** The defaults: 6 digits, 10 minutes, 5 wrong codes, 5 sends (the spec API's and Twilio Verify's). */
export const DEFAULT_VERIFICATION_LIMITS: Readonly<VerificationLimits> = { codeLength: 6, lifetimeSeconds: 600, maxAttempts: 5, maxSends: 5 }

/** What a verifier remembers of a verification, as far as its status depends on it. */
export interface VerificationProgress {
  /** `pending` until approved, cancelled (by attempts or by the person) or expired. */
  status: 'pending' | 'approved' | 'cancelled'
  /** Epoch milliseconds after which the code no longer works. */
  expiresAt: number
}

/** The status at `now`: a pending verification past its expiry is `expired` (expiry is never stored, only computed). */
export function verificationStatusAt(progress: VerificationProgress, now: number): VerificationStatus {
  return progress.status === 'pending' && now >= progress.expiresAt ? 'expired' : progress.status
}

/** Whether one more send is allowed after `sends` sends; a re-send keeps the code and its expiry. */
export function canSendAgain(sends: number, limits: Pick<VerificationLimits, 'maxSends'>): boolean {
  return sends < limits.maxSends
}

/** The status after the `attempts`-th wrong code: cancelled once `maxAttempts` are used, else still pending. */
export function statusAfterWrongCode(attempts: number, limits: Pick<VerificationLimits, 'maxAttempts'>): 'pending' | 'cancelled' {
  return attempts >= limits.maxAttempts ? 'cancelled' : 'pending'
}

/** Throws a TypeError unless `limits` are whole numbers in range (codeLength 4–10, the rest ≥ 1): a configuration error. */
export function assertVerificationLimits(limits: VerificationLimits): void {
  const { codeLength, lifetimeSeconds, maxAttempts, maxSends } = limits
  if (!Number.isInteger(codeLength) || codeLength < 4 || codeLength > 10) throw new TypeError('codeLength must be a whole number from 4 to 10')
  for (const [name, value] of Object.entries({ lifetimeSeconds, maxAttempts, maxSends })) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a whole number of at least 1`)
  }
}
