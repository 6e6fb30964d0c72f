'use client'
import type { FlowError } from '@hakiki/core'
import { useResendCooldown } from '@hakiki/react'
import type { ReactNode } from 'react'

/**
 * "Too many requests. Try again in 19 seconds.", ticking: drawn again as the seconds drop, on the
 * same clock as the buttons beside it (`useResendCooldown`), so the error and the countdown never
 * disagree, and worded by the flow's `errorText`, which words it from that clock. It comes with the
 * later steps' chunk (`later-steps.ts`), as `ResendButton` does: until then the address step words
 * a refusal once, with the seconds left when it came. It reads no words of its own, so that the
 * error messages stay out of the modules this chunk shares with the up-front code.
 */
export function RetryText({ retryAt, errorText }: { retryAt: number; errorText: (error: FlowError) => string }): ReactNode {
  useResendCooldown(undefined, retryAt)
  return errorText({ code: 'rate_limited', retryAt })
}
