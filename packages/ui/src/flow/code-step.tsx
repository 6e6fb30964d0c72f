'use client'
import { isFinalDelivery, type Channel, type SentVerification, type VerificationFlowApi } from '@hakiki/core'
import { useId, useState, type ReactNode, type RefObject } from 'react'
import { cx } from '../class-names'
import { AttemptsNotice } from '../attempts-notice'
import { CodeInput } from '../code-input'
import { ExpiryNotice } from '../expiry-notice'
import { useMessages } from '../i18n/locale-context'
import { codeInputMessagesEn, flowStepsMessagesEn } from '../i18n/messages-en'
import { ResendButton } from '../resend-button'
import { ATTEMPTS_WARN_AT, buttonParts, withProgress, type CodeFieldAttributes, type FlowHeading, type VerificationFlowClassNames } from './flow-parts'
import { useStepText } from './step-text'

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
  /** The app's `data-*` attributes for the code field (password managers' opt-outs). */
  codeFieldAttributes?: CodeFieldAttributes
  /** The error this step shows on the code field, worded. */
  fieldError: string | undefined
  /** The flow's own error (no field's), drawn below the buttons. */
  generalError: ReactNode
  /** How the resend button announces its wait. */
  announceWait: true | 'end'
  /** "Change number" or "Change email". */
  changeLabel: string
  /**
   * Where the code went as shown (`displayAddress`), worded by the up-front view: this step comes
   * in a chunk loaded later, which should not carry the phone number formatting other components share.
   */
  address: string
  /** "Resend code" just sent a new code: "New code sent." shows under the boxes. */
  resent: boolean
  /** The flow just left this step: it stays in the page, out of sight, until focus moved on (`useStepHandover`). */
  leaving?: boolean
}

/** The code step: where the code went, the code field, Verify with the code's clock, resend and switch. */
export function CodeStep({ api, verification, switchTo, heading: Heading, classNames, codeRef, autoSubmit, codeFieldAttributes, fieldError, generalError, announceWait, changeLabel, address, resent, leaving }: CodeStepProps): ReactNode {
  const { state, error } = api
  const t = useMessages(flowStepsMessagesEn)
  const { codeHeading, sentText, deliveryText } = useStepText()
  const tCode = useMessages(codeInputMessagesEn)
  const sending = state.status === 'sending'
  const checking = state.status === 'checking'
  const changeAddress = api.getChangeAddressButtonProps()
  const hintId = useId()
  const errorId = useId()
  // The error is in the field's description when focus arrives with it, not added or taken out
  // while the field has focus: Orca (and NVDA) read a focused field's changed description aloud,
  // which would say the error a second time beside the flow's live region, and the whole
  // description again on the next digit typed.
  const [focusedWithError, setFocusedWithError] = useState<boolean | undefined>(undefined)
  const describeError = focusedWithError ?? fieldError !== undefined
  return (
    <form
      noValidate
      aria-busy={checking}
      onSubmit={api.getCodeFormProps().onSubmit}
      data-part="step"
      data-step="code"
      data-leaving={leaving || undefined}
      className={classNames.step}
    >
      {/* One heading says where the code went, with the way back beside it (as Stripe, Clerk
          and FirebaseUI do): no separate "we sent…" line. */}
      <div data-part="header">
        <Heading data-part="heading" className={classNames.heading}>
          {codeHeading(verification.channel, address)}
        </Heading>{' '}
        <button type="button" onClick={changeAddress.onClick} {...buttonParts('link', 'change-address', classNames)}>
          {changeLabel}
        </button>
      </div>
      <CodeInput
        // First, so that the flow's own props below win over the app's.
        {...codeFieldAttributes}
        key={verification.id}
        ref={codeRef}
        length={verification.codeLength}
        value={state.status === 'code_sent' || state.status === 'checking' ? state.code : ''}
        // Not the field's `loading` and `error`: those speak in live regions of their own, and the
        // flow says "Checking the code…" and its verdict in its one region, in order. The field is
        // read-only and busy while the code is checked, and described by the error below it.
        readOnly={sending || checking}
        aria-busy={checking || undefined}
        invalid={fieldError !== undefined}
        aria-describedby={cx(autoSubmit && hintId, describeError && errorId) || undefined}
        onFocus={() => setFocusedWithError(fieldError !== undefined)}
        onBlur={() => setFocusedWithError(undefined)}
        // The label ("Verification code") is shown, not only the field's name: a speech-input user
        // says the words they see to reach the field (WCAG 2.5.3, Label in Name).
        // On arrival focus lands here, and a screen reader says the name, then where the code went
        // and how many digits it has (the boxes show that to the eye).
        description={
          <span data-part="sr-only">
            {sentText(verification.channel, address)} {tCode('code.hint', { count: verification.codeLength })}
          </span>
        }
        onValueChange={(code, details) => api.getCodeInputProps().onChange({ target: { value: code }, guessed: details.guessed })}
      />
      {/* Right under the boxes, in one place that keeps its size: the auto-submit warning (for
          everyone, before it happens: WCAG 3.2.2), or "New code sent.", or the code's error in
          its stead. What appears there moves no button (the theme keeps room for two lines). None
          of it is a live region: the flow's region says each once. */}
      <div data-part="code-message" data-state={fieldError !== undefined ? 'error' : resent ? 'resent' : 'hint'}>
        {autoSubmit && (
          <p id={hintId} data-part="hint" className={classNames.message}>
            {t('flow.autoSubmitHint')}
          </p>
        )}
        {resent && fieldError === undefined && (
          <p data-part="resent" className={classNames.message}>
            {t('flow.resent')}
          </p>
        )}
        <p id={errorId} data-part="code-error" className={classNames.error}>
          {fieldError}
        </p>
      </div>
      {/* Verify, with the code's clock beside it. */}
      <div data-part="primary">
        <button type="submit" aria-disabled={state.status !== 'code_sent' || undefined} aria-busy={checking || undefined} {...buttonParts('primary', 'verify', classNames)}>
          {withProgress(t('flow.verify'), checking)}
        </button>
        {/* Its warning a minute before is its own; the expiry is an outcome, said by the flow. */}
        <ExpiryNotice verification={verification} announceExpiry={false} />
        {/* What the provider says of the message, once it will not change: shown here, said once
            by the flow's live region. A message that never arrives points to the other channel. */}
        {isFinalDelivery(verification.delivery) && (
          <p data-part="delivery" data-state={verification.delivery === 'delivered' ? 'delivered' : 'failed'} className={verification.delivery === 'delivered' ? classNames.message : classNames.error}>
            {deliveryText(verification.delivery, switchTo)}
          </p>
        )}
        {/* Only when it warns: "5 attempts left" before any mistake is noise, and a wrong code
            already says how many are left in its own message. */}
        {error?.code !== 'wrong_code' && verification.attemptsLeft <= ATTEMPTS_WARN_AT && <AttemptsNotice attemptsLeft={verification.attemptsLeft} warnAt={ATTEMPTS_WARN_AT} />}
      </div>
      <div data-part="actions" className={classNames.actions}>
        <ResendButton
          // The one wait of every button that asks for a code, on the server's clock (core's `waitUntil`).
          retryAt={api.waitUntil}
          busy={sending && state.intent === 'resend'}
          // A step on its way out says nothing more ("You can ask for a new code now" once verified).
          announce={leaving ? false : announceWait}
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
