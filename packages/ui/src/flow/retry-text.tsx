'use client'
import { useResendCooldown } from '@hakiki/react'
import type { ReactNode } from 'react'
import { useMessages } from '../i18n/locale-context'
import { errorMessagesEn } from '../i18n/messages-en'
import { waitCount } from '../i18n/wait-count'

/**
 * "Too many requests. Try again in 19 seconds.", ticking on the same clock as the buttons beside it
 * (`useResendCooldown`), so the error and the countdown never disagree. It comes with the later
 * steps' chunk (`later-steps.ts`), as `ResendButton` does: until then the address step words a
 * refusal once, with the seconds left when it came (`useFlowText`'s `errorText`).
 */
export function RetryText({ retryAt }: { retryAt: number }): ReactNode {
  const te = useMessages(errorMessagesEn)
  const { secondsLeft } = useResendCooldown(undefined, retryAt)
  if (secondsLeft <= 0) return te('error.rate_limited')
  const wait = waitCount(secondsLeft)
  return te(wait.unit === 'minute' ? 'error.rate_limited.retryMinutes' : 'error.rate_limited.retry', { count: wait.count })
}
