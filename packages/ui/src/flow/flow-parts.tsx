/** Small parts every step of `VerificationFlow` draws: a busy label, button attributes. */
import type { ReactNode } from 'react'

/** Attempts left from which the code step shows them in a line of their own. */
export const ATTEMPTS_WARN_AT = 2

/** Class names for the parts of `VerificationFlow`, beside the root's `className`. */
export interface VerificationFlowClassNames {
  /** Each step (address, code, verified, problem). */
  step?: string
  /** Each step's heading. */
  heading?: string
  /** Informative text (where the code went, the verified address, what to do next). */
  message?: string
  /** An error that belongs to no field (offline, rate limited, service down). */
  error?: string
  /** The row of secondary actions. */
  actions?: string
  /** Every button. */
  button?: string
}

/** `data-*` attributes for the code field of `VerificationFlow` (its `codeFieldAttributes`). */
export type CodeFieldAttributes = { [key: `data-${string}`]: string | boolean | undefined }

/** The heading element of every step, at the level the app chose. */
export type FlowHeading = `h${1 | 2 | 3 | 4 | 5 | 6}`

/** The attributes of a flow button: its part, its look and the app's class. */
export function buttonParts(variant: string, part: string, classNames: VerificationFlowClassNames) {
  return { 'data-part': part, 'data-variant': variant, className: classNames.button }
}

/**
 * A button's label with a spinner beside it while busy. The label stays the visible text and the
 * accessible name alike (WCAG 2.5.3: the name contains what is shown); the progress itself is said
 * once, in words, by the flow's status region or the code field.
 */
export function withProgress(label: string, busy: boolean): ReactNode {
  if (!busy) return label
  return (
    <>
      <span data-part="spinner" aria-hidden="true" />
      {label}
    </>
  )
}

