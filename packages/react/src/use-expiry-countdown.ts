import type { CountdownSource } from './use-clock'
import { useSecondsUntil, useServerTarget } from './use-countdown'

/** Result of {@link useExpiryCountdown}. */
export interface UseExpiryCountdownResult {
  /** Whole seconds until the code expires; 0 when expired or without a source. */
  secondsLeft: number
  /** True once the code's lifetime is over. */
  isExpired: boolean
}

/**
 * Seconds until the code expires, on the server's clock, ticking once a second in the calling
 * component only (put it in the small component that shows the countdown).
 *
 * @param source The flow's `verification`, or the answer of `useStartVerification`.
 */
export function useExpiryCountdown(source: CountdownSource | undefined): UseExpiryCountdownResult {
  const { target, skewMs } = useServerTarget(source, 'expiresAt')
  const secondsLeft = useSecondsUntil(target, skewMs)
  return { secondsLeft, isExpired: target !== undefined && secondsLeft === 0 }
}
