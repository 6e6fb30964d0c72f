/**
 * The sandbox clock: the injected wall clock plus an offset that only moves forward. Every expiry
 * (codes, tokens) reads this clock, so tests and the demo can jump ten minutes ahead instantly
 * instead of sleeping.
 */

/** The sandbox's clock, shared by every endpoint. */
export interface SandboxClock {
  /** Current sandbox time in epoch milliseconds: the injected `now()` plus every `advance`. */
  now(): number
  /** Moves the clock forward by `seconds` (finite, not negative; fractions allowed). */
  advance(seconds: number): void
}

/** Longest single jump, so a typo cannot push the clock past what `Date` can represent. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600

/**
 * Latest time the clock reports: `Date`'s last representable instant (8.64e15 ms) less a margin
 * of ten years, so that every expiry computed from it (a code's, a token's) still fits in a
 * `Date`. Valid advances used to add up past the range, and every create failed from then on.
 */
export const MAX_CLOCK_MS = 8.64e15 - 10 * 366 * 24 * 3600 * 1000

/** Creates a clock on top of `now` (epoch ms). Throws a `RangeError` on a bad `advance`. */
export function createClock(now: () => number = Date.now): SandboxClock {
  let offsetMs = 0
  return {
    // Saturates at MAX_CLOCK_MS: time stops moving there instead of leaving Date's range.
    now: () => Math.min(now() + offsetMs, MAX_CLOCK_MS),
    advance(seconds) {
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
        throw new RangeError(`advance takes a number of seconds from 0 to ${MAX_ADVANCE_SECONDS}`)
      }
      // The offset never needs to reach past the saturation point; bounding it keeps it finite.
      offsetMs = Math.min(offsetMs + seconds * 1000, MAX_CLOCK_MS - now())
    },
  }
}

export { MAX_ADVANCE_SECONDS }
