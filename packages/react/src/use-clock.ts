/**
 * The flow's clock for React: the provider's `now`, and a timer aimed at a server-clock time. The
 * countdowns' hooks (`use-countdown.ts`) are a module of their own: only the later steps count
 * down, and a module shared with their chunk would carry them up front (bundlers keep a module's
 * used exports wherever the module loads).
 */
import type { SentVerification, StartVerificationResponse } from '@hakiki/core'
import { useContext, useEffect, useReducer } from 'react'
import { VerificationContext } from './verification-context'

/** What a countdown can read: the flow's verification, or a start answer from `useStartVerification`. */
export type CountdownSource = SentVerification | StartVerificationResponse

/** The clock of the provider, or `Date.now` outside one (countdowns need no adapter). */
export function useNow(): () => number {
  return useContext(VerificationContext)?.now ?? Date.now
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
export function useTimerLoop(target: number | undefined, skewMs: number, now: () => number, rerender: () => void, delayFor: (msLeft: number) => number): void {
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

/** A reducer that counts: its dispatch is a stable "render again". */
export function increment(n: number): number {
  return n + 1
}
