'use client'
import type { VerificationFlowApi } from '@hakiki/core'
import type { ReactNode, RefObject } from 'react'
import { cx } from '../class-names'
import { useMessages } from '../i18n/locale-context'
import { flowStepsMessagesEn } from '../i18n/messages-en'
import { ResendButton } from '../resend-button'
import { buttonParts, type FlowHeading, type VerificationFlowClassNames } from './flow-parts'
import { RetryText } from './retry-text'
import type { FlowText } from './flow-text'

/** Props of {@link ProblemStep}. */
export interface ProblemStepProps {
  /** The connected flow. */
  api: VerificationFlowApi
  /** The heading element. */
  heading: FlowHeading
  /** The heading, for focus. */
  headingRef: RefObject<HTMLHeadingElement | null>
  /** Classes of the parts. */
  classNames: VerificationFlowClassNames
  /** How errors are worded. */
  errorText: FlowText['errorText']
  /** How the new-code button announces its wait. */
  announceWait: true | 'end'
  /** "Change number" or "Change email". */
  changeLabel: string
  /** The flow just left this step: it stays in the page, out of sight, until focus moved on (`useStepHandover`). */
  leaving?: boolean
}

/** The problem step: the code expired, too many attempts, or the verification failed; a new code or another address. */
export function ProblemStep({ api, heading: Heading, headingRef, classNames, errorText, announceWait, changeLabel, leaving }: ProblemStepProps): ReactNode {
  const { state, error } = api
  const t = useMessages(flowStepsMessagesEn)
  const changeAddress = api.getChangeAddressButtonProps()
  return (
    <div data-part="step" data-step="problem" data-leaving={leaving || undefined} className={classNames.step}>
      <Heading ref={leaving ? undefined : headingRef} tabIndex={-1} data-part="heading" className={classNames.heading}>
        {state.status === 'expired' ? t('flow.heading.expired') : state.status === 'locked' ? t('flow.heading.locked') : t('flow.heading.failed')}
      </Heading>
      <p data-part="message" className={classNames.message}>
        {state.status === 'expired' ? t('flow.expiredBody') : state.status === 'locked' ? t('flow.lockedBody') : state.status === 'failed' ? errorText(state.error) : null}
      </p>
      <div data-part="actions" className={classNames.actions}>
        {/* Waits out the cooldown the code step knew (and any refused send's wait) instead of
            meeting a 429: the same clock as "Resend code". */}
        <ResendButton
          retryAt={api.waitUntil}
          busy={state.status === 'sending'}
          // A step on its way out says nothing more.
          announce={leaving ? false : announceWait}
          onResend={api.getNewCodeButtonProps().onClick}
          data-part="new-code"
          data-variant="primary"
          classNames={{ button: classNames.button }}
        >
          {t('flow.newCode')}
        </ResendButton>
        <button type="button" onClick={changeAddress.onClick} {...buttonParts('link', 'change-address', classNames)}>
          {changeLabel}
        </button>
      </div>
      {/* A refused new code (rate limited) leaves the flow here, saying why: below the buttons, which
          it must not move. */}
      {state.status !== 'failed' && error && (
        <p data-part="error" className={cx('hakiki-flow-error', classNames.error)}>
          {error.code === 'rate_limited' && error.retryAt !== undefined ? <RetryText retryAt={error.retryAt} errorText={errorText} /> : errorText(error)}
        </p>
      )}
    </div>
  )
}
