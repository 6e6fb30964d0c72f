'use client'
import { stepOf, type FlowState, type FlowStep } from '@hakiki/core'
import { useEffect, useRef, useState, type RefObject } from 'react'

/** The elements focus moves to as the flow goes on. */
export interface FlowFocusTargets {
  /** The address field (phone or e-mail). */
  address: RefObject<HTMLInputElement | null>
  /** The code field. */
  code: RefObject<HTMLInputElement | null>
  /** The heading of an outcome (verified, a problem). */
  heading: RefObject<HTMLHeadingElement | null>
}

/** Focus is on `element` or inside it. */
function focusWithin(element: HTMLElement | null | undefined): boolean {
  return element !== null && element !== undefined && element.contains(element.ownerDocument.activeElement)
}

/**
 * Focus follows the step: back to the address field (on the way back, or on a new error of it),
 * to the code field when a code was sent (or re-sent), or refused while focus was outside the code
 * step (from inside it, Verify or the field, focus stays: the field would read its error as its
 * description while the flow's live region says it too), to the heading of an outcome.
 * Only on a change of state, never on a re-render.
 */
export function useFlowFocus(state: FlowState, phase: FlowStep, targets: FlowFocusTargets): void {
  const previous = useRef(state)
  useEffect(() => {
    const before = previous.current
    previous.current = state
    if (before === state) return
    const beforeError = 'error' in before ? before.error : undefined
    const fresh = 'error' in state && state.error !== beforeError ? state.error : undefined
    const phaseBefore = stepOf(before)
    if (phase === 'address' && phaseBefore !== 'address') targets.address.current?.focus()
    else if (phase === 'address' && fresh) targets.address.current?.focus()
    else if (phase === 'code' && state.status === 'code_sent' && (before.status === 'sending' || phaseBefore !== 'code' || (fresh && !focusWithin(targets.code.current?.form))))
      targets.code.current?.focus()
    else if ((phase === 'verified' || phase === 'problem') && phase !== phaseBefore) targets.heading.current?.focus()
    // Runs per state change.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [state])
}

/** What {@link useStepHandover} returns. */
export interface StepHandover {
  /** The step being left, still in the page (out of sight) until focus has moved into the new one. */
  leaving: FlowStep | undefined
  /** Focus has had its turn since the last change that moved it: news may be said now. */
  settled: boolean
}

/**
 * Hands focus from one step to the next the way a screen reader can follow. Orca, when the
 * element it reads is removed, silently takes whatever has focus by then as its new place, so a
 * field focused in the same moment as the old step disappears is never announced (the code field
 * on arrival, the heading of an expired code). So the step being left stays in the page, out of
 * sight, until focus moved into the new one, and goes two frames later; and news for the live
 * region waits for that too, so that it is said after what focus says, not talked over by it.
 * Only a change that moves focus (a new step, a code sent again) holds anything back: "Checking
 * the code…" and a wrong code are said at once.
 */
export function useStepHandover(state: FlowState): StepHandover {
  const [previous, setPrevious] = useState(state)
  const [hold, setHold] = useState<{ leaving: FlowStep | undefined } | undefined>(undefined)
  if (previous !== state) {
    // Derived from the previous render's state, during render (React's pattern for it).
    setPrevious(state)
    const stepBefore = stepOf(previous)
    const stepNow = stepOf(state)
    if (stepBefore !== stepNow) setHold({ leaving: stepBefore })
    else if (state.status === 'code_sent' && previous.status === 'sending') setHold((h) => h ?? { leaving: undefined })
  }
  useEffect(() => {
    if (!hold) return
    // Two frames: the focus move and the removal reach the accessibility tree in separate updates.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setHold(undefined))
    })
    return () => cancelAnimationFrame(frame)
  }, [hold])
  return { leaving: hold?.leaving, settled: hold === undefined }
}
