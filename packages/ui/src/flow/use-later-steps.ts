'use client'
import { useCallback, useEffect, useRef, useState } from 'react'
import type * as LaterStepsModule from './later-steps'

/** The steps after the address step (`CodeStep`, `ProblemStep`, `VerifiedStep`) and the address step's countdown (`ResendButton`, `RetryText`). */
export type LaterSteps = typeof LaterStepsModule

let loaded: LaterSteps | undefined
let loading: Promise<LaterSteps> | undefined

/** Loads the later steps once; a failed load is tried again on the next call. */
export function loadLaterSteps(): Promise<LaterSteps> {
  loading ??= import('./later-steps').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** What {@link useLaterSteps} returns. */
export interface LaterStepsState {
  /** The steps, once loaded. */
  steps: LaterSteps | undefined
  /** The last load failed (and no other is on its way): the view says so, `load` tries again. */
  failed: boolean
  /** How many loads failed so far: a new failure is news for the live region. */
  failures: number
  /** Starts loading (again, after a failure); nothing once loaded or on the way. */
  load: () => void
}

/**
 * The steps after the address step, loaded with `import()` so that they are not up front: the
 * view calls `load` when the address is submitted (the chunk then comes in parallel with the
 * start request), and they load by themselves whenever `needed` (a flow restored on a later
 * step). A failed load is not retried by itself: the view says so and `load` tries again.
 */
export function useLaterSteps(needed: boolean): LaterStepsState {
  // Loaded by an earlier flow of the page: no wait at all.
  const [steps, setSteps] = useState<LaterSteps | undefined>(loaded)
  const [failures, setFailures] = useState(0)
  const [failed, setFailed] = useState(false)
  const busy = useRef(false)
  const start = useCallback(() => {
    if (busy.current) return
    busy.current = true
    loadLaterSteps().then(
      (module) => {
        busy.current = false
        setSteps(module)
        setFailed(false)
      },
      () => {
        busy.current = false
        setFailed(true)
        setFailures((n) => n + 1)
      },
    )
  }, [])
  const load = useCallback(() => {
    setFailed(false)
    start()
  }, [start])
  // By itself only until a load failed: then only a press tries again (`load`), however the
  // failure and this effect are ordered.
  useEffect(() => {
    if (needed && !steps && failures === 0) start()
  }, [needed, steps, failures, start])
  return { steps, failed: !steps && failed, failures, load }
}
