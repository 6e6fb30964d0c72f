import { useSecondsUntil, useServerTarget, type CountdownSource } from './use-clock'

/** Result of {@link useResendCooldown}. */
export interface ResendCooldown {
  /** Whole seconds until a resend is accepted; 0 when it is. */
  secondsLeft: number
  /** True once the cooldown is over (and there is something to resend). */
  canResend: boolean
}

/**
 * Seconds until "Resend code" may be pressed, on the server's clock, ticking once a second in the
 * calling component only.
 *
 * @param source The flow's `verification`, or the answer of `useStartVerification`.
 */
export function useResendCooldown(source: CountdownSource | undefined): ResendCooldown {
  const { target, skewMs } = useServerTarget(source, 'resendAt')
  const secondsLeft = useSecondsUntil(target, skewMs)
  return { secondsLeft, canResend: target !== undefined && secondsLeft === 0 }
}
