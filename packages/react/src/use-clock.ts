import type { SentVerification, StartVerificationResponse } from '@hakiki/core'
import { useContext, useEffect, useMemo, useReducer } from 'react'
import { VerificationContext } from './verification-context'

/** What a countdown can read: the flow's verification, or a start answer from `useStartVerification`. */
export type CountdownSource = SentVerification | StartVerificationResponse

/** The clock of the provider, or `Date.now` outside one (countdowns need no adapter). */
export function useNow(): () => number {
  return useContext(VerificationContext)?.now ?? Date.now
}

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

/** True once `target` (server epoch ms) has passed; a single timer, so it re-renders once. */
export function useHasPassed(target: number | undefined, skewMs: number): boolean {
  const now = useNow()
  const [, rerender] = useReducer(increment, 0)
  const passed = target !== undefined && now() + skewMs >= target
  useTimerLoop(target, skewMs, now, rerender, (left) => left)
  return passed
}

/**
 * Calls `rerender` at the delays `delayFor(msLeft)` picks until `target` has passed. Each firing
 * re-arms from the clock, so a timer that fires early (browsers clamp and drift) costs one extra
 * render, never a stuck countdown.
 */
function useTimerLoop(target: number | undefined, skewMs: number, now: () => number, rerender: () => void, delayFor: (msLeft: number) => number): void {
  useEffect(() => {
    if (target === undefined) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const arm = () => {
      const left = target - now() - skewMs
      if (left <= 0) return
      timer = setTimeout(() => {
        rerender()
        arm()
      }, delayFor(left))
    }
    arm()
    return () => clearTimeout(timer)
    // `delayFor` is a fixed policy per caller; `rerender` is a stable dispatch.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [target, skewMs, now])
}

function increment(n: number): number {
  return n + 1
}
