import { describe, expect, it } from 'vitest'
import { assertVerificationLimits, canSendAgain, DEFAULT_VERIFICATION_LIMITS, statusAfterWrongCode, verificationStatusAt } from './verification-limits'

describe('verification limits', () => {
  it('computes expiry from expiresAt, only for pending verifications', () => {
    expect(verificationStatusAt({ status: 'pending', expiresAt: 1000 }, 999)).toBe('pending')
    expect(verificationStatusAt({ status: 'pending', expiresAt: 1000 }, 1000)).toBe('expired')
    expect(verificationStatusAt({ status: 'cancelled', expiresAt: 1000 }, 5000)).toBe('cancelled')
  })
  it('counts sends and wrong codes against the limits', () => {
    expect([4, 5].map((n) => canSendAgain(n, DEFAULT_VERIFICATION_LIMITS))).toEqual([true, false])
    expect([4, 5].map((n) => statusAfterWrongCode(n, DEFAULT_VERIFICATION_LIMITS))).toEqual(['pending', 'cancelled'])
  })
  it('refuses limits out of range', () => {
    expect(() => assertVerificationLimits(DEFAULT_VERIFICATION_LIMITS)).not.toThrow()
    expect(() => assertVerificationLimits({ ...DEFAULT_VERIFICATION_LIMITS, codeLength: 11 })).toThrow(/codeLength/)
    expect(() => assertVerificationLimits({ ...DEFAULT_VERIFICATION_LIMITS, maxAttempts: 0 })).toThrow(/maxAttempts/)
    expect(() => assertVerificationLimits({ ...DEFAULT_VERIFICATION_LIMITS, lifetimeSeconds: 1.5 })).toThrow(/lifetimeSeconds/)
  })
})
