'use client'
import type { Channel, SentVerification, VerificationFlowApi } from '@hakiki/core'
import type { ReactNode, RefObject } from 'react'
import { AttemptsNotice } from '../attempts-notice'
import { CodeInput } from '../code-input'
import { ExpiryNotice } from '../expiry-notice'
import { useMessages } from '../i18n/locale-context'
import { codeInputMessagesEn, flowMessagesEn } from '../i18n/messages-en'
import { ResendButton } from '../resend-button'
import type { FlowText } from './flow-text'
import { ATTEMPTS_WARN_AT, buttonParts, withProgress, type FlowHeading, type VerificationFlowClassNames } from './flow-parts'

/** Props of {@link CodeStep}. */
export interface CodeStepProps {
  /** The connected flow. */
  api: VerificationFlowApi
  /** The verification the code went with. */
  verification: SentVerification
  /** The channel "Call me instead" style button switches to, when the flow offers one. */
  switchTo: Channel | undefined
  /** The heading element. */
  heading: FlowHeading
  /** Classes of the parts. */
  classNames: VerificationFlowClassNames
  /** The code field, for focus. */
  codeRef: RefObject<HTMLInputElement | null>
  /** Check the code as soon as its last digit is typed (said in the hint). */
  autoSubmit: boolean
  /** The error this step shows on the code field, worded. */
  fieldError: string | undefined
  /** The flow's own error (no field's), drawn below the buttons. */
  generalError: ReactNode
  /** How the resend button announces its wait. */
  announceWait: true | 'end'
  /** "Change number" or "Change email". */
  changeLabel: string
  /** The heading's words (see `useFlowText`). */
  codeHeading: FlowText['codeHeading']
}

/** The code step: where the code went, the code field, Verify with the code's clock, resend and switch. */
export function CodeStep({ api, verification, switchTo, heading: Heading, classNames, codeRef, autoSubmit, fieldError, generalError, announceWait, changeLabel, codeHeading }: CodeStepProps): ReactNode {
  const { state, error } = api
  const t = useMessages(flowMessagesEn)
  const tCode = useMessages(codeInputMessagesEn)
  const sending = state.status === 'sending'
  const checking = state.status === 'checking'
  const changeAddress = api.getChangeAddressButtonProps()
  return (
    <form
      noValidate
      aria-busy={checking}
      onSubmit={api.getCodeFormProps().onSubmit}
      data-part="step"
      data-step="code"
      className={classNames.step}
    >
      {/* One heading says where the code went, with the way back beside it (as Stripe, Clerk
          and FirebaseUI do): no separate "we sent…" line and no visible label repeating it. */}
      <div data-part="header">
        <Heading data-part="heading" className={classNames.heading}>
          {codeHeading(verification.channel, verification.to)}
        </Heading>{' '}
        <button type="button" onClick={changeAddress.onClick} {...buttonParts('link', 'change-address', classNames)}>
          {changeLabel}
        </button>
      </div>
      <CodeInput
        key={verification.id}
        ref={codeRef}
        length={verification.codeLength}
        value={state.status === 'code_sent' || state.status === 'checking' ? state.code : ''}
        loading={checking}
        readOnly={sending}
        error={fieldError}
        // The label ("Verification code") stays the field's name, for screen readers and speech
        // input; the heading above already says it to the eye.
        hideLabel
        // The number of digits is for screen readers (the boxes show it); the auto-submit
        // warning is for everyone, before it happens (WCAG 3.2.2).
        description={
          <>
            <span data-part="sr-only">{tCode('code.hint', { count: verification.codeLength })}</span>
            {autoSubmit && <span> {t('flow.autoSubmitHint')}</span>}
          </>
        }
        onValueChange={(code, details) => api.getCodeInputProps().onChange({ target: { value: code }, guessed: details.guessed })}
      />
      {/* Verify, with the code's clock beside it. With the theme the code's error is drawn
          below the actions, so that it moves no button (see the address step). */}
      <div data-part="primary">
        <button type="submit" aria-disabled={state.status !== 'code_sent' || undefined} aria-busy={checking || undefined} {...buttonParts('primary', 'verify', classNames)}>
          {withProgress(t('flow.verify'), checking)}
        </button>
        <ExpiryNotice verification={verification} />
        {/* Only when it warns: "5 attempts left" before any mistake is noise, and a wrong code
            already says how many are left in its own message. */}
        {error?.code !== 'wrong_code' && verification.attemptsLeft <= ATTEMPTS_WARN_AT && <AttemptsNotice attemptsLeft={verification.attemptsLeft} warnAt={ATTEMPTS_WARN_AT} />}
      </div>
      <div data-part="actions" className={classNames.actions}>
        <ResendButton
          // The one wait of every button that asks for a code, on the server's clock (core's `waitUntil`).
          retryAt={api.waitUntil}
          busy={sending && state.intent === 'resend'}
          announce={announceWait}
          onResend={api.getResendButtonProps().onClick}
          classNames={{ button: classNames.button }}
        />
        {switchTo && (
          <ResendButton
            retryAt={api.waitUntil}
            busy={sending && state.intent === 'switch_channel'}
            announce={false}
            // Waits on the same clock as "Resend code", with its own seconds beside it.
            onResend={api.getSwitchChannelButtonProps(switchTo).onClick}
            classNames={{ button: classNames.button }}
          >
            {switchTo === 'call' ? t('flow.callInstead') : t('flow.smsInstead')}
          </ResendButton>
        )}
      </div>
      {/* Below the buttons, so that none of them moves when it appears. */}
      {generalError}
    </form>
  )
}
