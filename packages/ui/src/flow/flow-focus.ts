'use client'
import { stepOf, type FlowState, type FlowStep } from '@hakiki/core'
import { useEffect, useRef, type RefObject } from 'react'

/** The elements focus moves to as the flow goes on. */
export interface FlowFocusTargets {
  /** The address field (phone or e-mail). */
  address: RefObject<HTMLInputElement | null>
  /** The code field. */
  code: RefObject<HTMLInputElement | null>
  /** The heading of an outcome (verified, a problem). */
  heading: RefObject<HTMLHeadingElement | null>
}

/**
 * Focus follows the step: back to the address field (on the way back, or on a new error of it),
 * to the code field when a code was sent (or re-sent, or refused), to the heading of an outcome.
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
    else if (phase === 'code' && state.status === 'code_sent' && (before.status === 'sending' || phaseBefore !== 'code' || fresh)) targets.code.current?.focus()
    else if ((phase === 'verified' || phase === 'problem') && phase !== phaseBefore) targets.heading.current?.focus()
    // Runs per state change.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [state])
}
