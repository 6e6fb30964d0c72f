/** The countdowns' clock reads (`useResendCooldown`, `useExpiryCountdown`): see `use-clock.ts`. */
import type { SentVerification, StartVerificationResponse } from '@hakiki/core'
import { useMemo, useReducer } from 'react'
import { increment, useNow, useTimerLoop, type CountdownSource } from './use-clock'

/**
 * A server-clock time of `source` and the skew to read it with. For a raw start answer the skew is
 * measured when the hook first sees it, which is within a render of its arrival.
 */
export function useServerTarget(source: CountdownSource | undefined, field: 'expiresAt' | 'resendAt'): { target: number | undefined; skewMs: number } {
  const now = useNow()
  return useMemo(() => {
    if (!source) return { target: undefined, skewMs: 0 }
    if (typeof source[field] === 'number') return { target: source[field], skewMs: (source as SentVerification).skewMs }
    const response = source as StartVerificationResponse
    const serverTime = Date.parse(response.serverTime)
    const target = Date.parse(response[field])
    return { target: Number.isNaN(target) ? undefined : target, skewMs: Number.isNaN(serverTime) ? 0 : serverTime - now() }
  }, [source, field, now])
}

/**
 * Whole seconds until `target` (server epoch ms), re-rendering only the calling component, and only
 * when the number changes: one timer aimed at the next change, not a global ticker. The value is
 * derived from the clock during render; the timer only asks for that render.
 */
export function useSecondsUntil(target: number | undefined, skewMs: number): number {
  const now = useNow()
  const [, rerender] = useReducer(increment, 0)
  const remaining = target === undefined ? 0 : target - now() - skewMs
  const seconds = Math.max(0, Math.ceil(remaining / 1000))
  // Aim at the moment the whole-second count drops, not at a fixed one-second interval.
  useTimerLoop(target, skewMs, now, rerender, (left) => left - (Math.ceil(left / 1000) - 1) * 1000)
  return seconds
}
