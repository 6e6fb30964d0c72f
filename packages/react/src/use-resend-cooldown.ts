import type { CountdownSource } from './use-clock'
import { useSecondsUntil, useServerTarget } from './use-countdown'

/** Result of {@link useResendCooldown}. */
export interface UseResendCooldownResult {
  /** Whole seconds until a resend is accepted; 0 when it is. */
  secondsLeft: number
  /** True once the cooldown is over (and there is something to resend, or a wait to end). */
  canResend: boolean
}

/**
 * Seconds until "Resend code" may be pressed, on the server's clock, ticking once a second in the
 * calling component only.
 *
 * @param source The flow's `verification`, or the answer of `useStartVerification`.
 * @param retryAt When the server refused a send with `rate_limited`: the client epoch ms from which
 *   to try again (`FlowError.retryAt`). The wait is then the longer of the two.
 */
export function useResendCooldown(source: CountdownSource | undefined, retryAt?: number): UseResendCooldownResult {
  const { target: resendAt, skewMs } = useServerTarget(source, 'resendAt')
  // `retryAt` is on the client's clock: shift it to the server's, where `resendAt` is counted.
  const retry = retryAt === undefined ? undefined : retryAt + skewMs
  const target = retry === undefined ? resendAt : Math.max(resendAt ?? retry, retry)
  const secondsLeft = useSecondsUntil(target, skewMs)
  return { secondsLeft, canResend: target !== undefined && secondsLeft === 0 }
}
