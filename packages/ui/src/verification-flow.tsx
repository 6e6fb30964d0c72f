'use client'
import { CHANNELS, isEmailChannel, type Channel, type FlowError, type FlowState, type VerificationAdapter } from '@hakiki/core'
import { useVerificationFlow, type PhoneChangeDetails, type PhoneCountries, type PhoneCountryCode } from '@hakiki/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { cx } from './class-names'
import { AddressStep } from './flow/address-step'
import { useFlowFocus, useStepHandover } from './flow/flow-focus'
import type { CodeFieldAttributes, FlowHeading, VerificationFlowClassNames } from './flow/flow-parts'
import { FlowProviders } from './flow/flow-providers'
import { displayAddress, useFlowText } from './flow/flow-text'
import { useLaterSteps } from './flow/use-later-steps'
import { useLocale, useMessages } from './i18n/locale-context'
import { errorMessagesEn, flowMessagesEn, type Messages } from './i18n/messages-en'

export type { CodeFieldAttributes, VerificationFlowClassNames } from './flow/flow-parts'

/** What {@link VerificationFlowProps.onVerified} learns besides the receipt. */
export interface VerifiedDetails {
  /** The verified address: E.164 number or e-mail address, as the server normalized it. */
  to: string
  /** The channel the approved code went by. */
  channel: Channel
  /** Id of the approved verification. */
  verificationId: string
}

/** Props of {@link VerificationFlow}. */
export interface VerificationFlowProps {
  /**
   * The backend (`createProxyAdapter()`; `createMemoryAdapter()` in tests and stories). Leave it out
   * inside a `VerificationProvider`, which then provides it (and its clock).
   */
  adapter?: VerificationAdapter
  /** The channels offered, in this order; one channel hides the picker. @default ['sms', 'call', 'email'] */
  channels?: readonly Channel[]
  /** The channel chosen at first. @default the first of `channels` */
  defaultChannel?: Channel
  /** The country phone numbers are read in at first. */
  defaultCountry?: PhoneCountryCode
  /**
   * The countries offered in the phone field: codes, or `'all'` for a provider that reaches every
   * country (Twilio Verify; see `PhoneInput`). @default the 14 covered countries
   */
  countries?: PhoneCountries
  /**
   * Language of the UI and of the message sent: a BCP-47 tag (`fr`, `pt-BR`). @default the
   * enclosing `LocaleProvider`'s, else English (and the proxy's default for the message)
   */
  locale?: string
  /** Messages that replace the locale's own, key by key. */
  messages?: Partial<Messages>
  /** Show the SMS price per country (from `useRates`) in the country list and the channel picker. @default false */
  showFees?: boolean
  /** Keep the flow in `sessionStorage` under this key, so a reload resumes it without sending another code. */
  persistKey?: string
  /** Level of the step headings, to fit the page's outline. @default 2 */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6
  /** Called once when the address is verified, with the receipt for your sign-up handler. */
  onVerified?: (receipt: string | undefined, details: VerifiedDetails) => void
  /** Called with each new error the flow meets (a wrong code included). */
  onError?: (error: FlowError) => void
  /**
   * Called after every change of the flow's state: where a code went (`state.verification.to`),
   * the step, errors, the outcome. The state is plain JSON.
   */
  onStateChange?: (state: FlowState) => void
  /** Check the code as soon as its last digit is typed (said in the hint). @default true */
  autoSubmit?: boolean
  /**
   * `data-*` attributes for the code field's real `<input>`, such as the opt-outs of password
   * managers that offer saved codes or draw an icon over the last box:
   * `{ 'data-1p-ignore': true, 'data-lpignore': 'true', 'data-bwignore': true }` (1Password,
   * LastPass, Bitwarden; each vendor's own names). The flow's own attributes win over these.
   */
  codeFieldAttributes?: CodeFieldAttributes
  /** Class of the root element. */
  className?: string
  /** Classes of the inner parts. */
  classNames?: VerificationFlowClassNames
}

/**
 * The whole verification, dropped in: address (phone or e-mail, with the channel) → code →
 * verified. Change the address (what was typed is kept), resend after the cooldown, switch to a
 * voice call, see the expiry and the attempts left; errors are shown where they belong and
 * announced, and focus follows: to the code field when the code is sent, to the field at fault on
 * an error, to the heading when verified. Built only from the public parts: `useVerificationFlow`
 * and the components of this package; one file per step under `flow/`.
 */
export function VerificationFlow({ adapter, locale, messages, ...props }: VerificationFlowProps): ReactNode {
  return (
    <FlowProviders adapter={adapter} locale={locale} messages={messages}>
      <FlowView {...props} />
    </FlowProviders>
  )
}

function FlowView({
  channels = CHANNELS,
  defaultChannel,
  defaultCountry,
  countries,
  showFees,
  persistKey,
  headingLevel = 2,
  autoSubmit = true,
  codeFieldAttributes,
  onVerified,
  onError,
  onStateChange,
  className,
  classNames = {},
}: Omit<VerificationFlowProps, 'adapter' | 'locale' | 'messages'>): ReactNode {
  const offered = channels.length > 0 ? channels : CHANNELS
  const first = defaultChannel && offered.includes(defaultChannel) ? defaultChannel : (offered[0] ?? 'sms')
  const { tag, dir, requestedTag } = useLocale()
  const t = useMessages(flowMessagesEn)
  const te = useMessages(errorMessagesEn)
  // Sent with the request only when the app chose a language (the one asked for, even while its
  // messages still load); otherwise the proxy's default.
  const messageLocale = dir === undefined ? undefined : requestedTag
  // Everything below renders what connect() gives: the machine owns the address, channel and country.
  const api = useVerificationFlow({
    channel: first,
    channels: offered,
    ...(defaultCountry ? { country: defaultCountry } : {}),
    ...(messageLocale ? { locale: messageLocale } : {}),
    // The machine checks a new complete code by itself, never the one it just refused.
    autoCheck: autoSubmit,
    persistKey,
    onStateChange,
    onVerified: (s) => onVerified?.(s.receipt, { to: s.verification.to, channel: s.verification.channel, verificationId: s.verification.id }),
  })
  const { verification, announcement } = api

  // The steps after the address step come with `import()`, started when the address is submitted
  // (`onSubmitCapture` below), in parallel with the start request. Until they arrive, the view
  // stays on the address step, busy, as if the request were still on its way: focus, the step
  // hand-over and the live region follow what is shown (`state`), not the machine (`api.state`).
  // A load that failed is said (the network error's words) and the next "Send code" loads again.
  const later = useLaterSteps(api.step !== 'address')
  const waiting = api.step !== 'address' && !later.steps
  const shown = useRef(api.state)
  if (!waiting) shown.current = api.state
  const state = shown.current
  const phase = waiting ? 'address' : api.step
  const { steps } = later

  // The phone field's last validation, to word a refusal before any request (not a copy of the address).
  const phoneDetails = useRef<PhoneChangeDetails | undefined>(undefined)
  const { errorText, spokenText } = useFlowText({
    stepErrorText: steps?.stepErrorText,
    switchTo: api.switchTo,
    codeLength: verification?.codeLength,
    country: phoneDetails.current?.country ?? state.country,
    offersEmail: offered.some(isEmailChannel),
  })

  const addressRef = useRef<HTMLInputElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFlowFocus(state, phase, { address: addressRef, code: codeRef, heading: headingRef })
  const { leaving, settled } = useStepHandover(state)

  // Each new error the machine meets, once, for the app.
  useEffect(() => {
    if (announcement?.announcement.kind === 'error') onError?.(announcement.announcement.error)
    // Once per announcement.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [announcement?.id])

  // The one live region's words: core says which announcement it holds (`spoken`), this view
  // words it once, when it appears. A text that changed on a later render (a wait ticking down)
  // would be read again, so the words are kept per announcement.
  // A new announcement waits until focus has had its turn (`useStepHandover`); one already said
  // stays while it is current, so that a re-render never makes it a new node (read again).
  const words = useRef<{ id: number; tag: string; text: string } | undefined>(undefined)
  const spoken = api.spoken && !waiting && (settled || api.spoken.id === words.current?.id) ? api.spoken : undefined
  if (spoken && (words.current?.id !== spoken.id || words.current.tag !== tag)) {
    // The later steps' words come with their chunk: none before it is there (nothing is said then).
    const text = spokenText(spoken.announcement, api.waitUntil, steps?.spokenStepText)
    if (text !== undefined) words.current = { id: spoken.id, tag, text }
  }
  const spokenWords = spoken && words.current?.id === spoken.id ? words.current.text : undefined

  const Heading: FlowHeading = `h${headingLevel}`
  // Which error shows where, the one wait of every button that asks for a code, the channel to
  // switch to: core's policy (connect()); this view words and draws it.
  const { errors, waitUntil } = api
  const addressError = errors.address && errorText(errors.address)
  // Under the boxes "That code is not right. 4 attempts left." (then no separate attempts line).
  const codeError = errors.code && errorText(errors.code)
  // A wait is said once, by the flow's live region with what caused it (a refusal's "Try again in
  // 25 seconds.", a locked code's "You can ask for a new code in 25 seconds."), or on a focus or a
  // press of a waiting button: the buttons announce only its end, and a code step that appears
  // does not talk over the code field it focuses.
  const announceWait = 'end' as const
  const changeLabel = isEmailChannel(state.channel) ? t('flow.changeEmail') : t('flow.changePhone')

  const generalErrorNode = errors.flow && (
    <p data-part="error" className={cx('hakiki-flow-error', classNames.error)}>
      {/* Ticking once the later steps' chunk is in (loaded on the submit that was refused). */}
      {errors.flow.code === 'rate_limited' && errors.flow.retryAt !== undefined && steps ? <steps.RetryText retryAt={errors.flow.retryAt} errorText={errorText} /> : errorText(errors.flow)}
    </p>
  )
  // The next step could not be loaded (offline): said under "Send code", which tries again.
  const stepsFailed = waiting && later.failed
  const stepsErrorNode = stepsFailed && (
    <p data-part="error" className={cx('hakiki-flow-error', classNames.error)}>
      {te('error.network_error')}
    </p>
  )

  return (
    <div className={cx('hakiki', 'hakiki-flow', className)} {...api.getRootProps()} data-step={phase} dir={dir} lang={dir && tag} onSubmitCapture={later.load}>
      <AddressStep
        api={api}
        offered={offered}
        countries={countries}
        showFees={showFees}
        heading={Heading}
        classNames={classNames}
        addressRef={addressRef}
        phoneDetails={phoneDetails}
        fieldError={addressError}
        generalError={stepsErrorNode || generalErrorNode}
        waitUntil={waitUntil}
        announceWait={announceWait}
        leaving={leaving === 'address'}
        nextStep={waiting ? (stepsFailed ? 'failed' : 'loading') : undefined}
        waitButton={steps?.ResendButton}
      />
      {steps && (phase === 'code' || leaving === 'code') && verification && (
        <steps.CodeStep
          leaving={leaving === 'code'}
          api={api}
          verification={verification}
          switchTo={api.switchTo}
          heading={Heading}
          classNames={classNames}
          codeRef={codeRef}
          autoSubmit={autoSubmit}
          codeFieldAttributes={codeFieldAttributes}
          fieldError={codeError}
          generalError={generalErrorNode}
          announceWait={announceWait}
          changeLabel={changeLabel}
          address={displayAddress(verification.to, verification.channel)}
          resent={spoken?.announcement.kind === 'resent'}
        />
      )}
      {steps && (phase === 'problem' || leaving === 'problem') && (
        <steps.ProblemStep leaving={leaving === 'problem'} api={api} heading={Heading} headingRef={headingRef} classNames={classNames} errorText={errorText} announceWait={announceWait} changeLabel={changeLabel} />
      )}
      {steps && phase === 'verified' && verification && <steps.VerifiedStep address={displayAddress(verification.to, verification.channel)} heading={Heading} headingRef={headingRef} classNames={classNames} />}

      {/* The flow's one live region (polite): every outcome, once, in order. Present from the
          start: screen readers only announce changes to regions they already know. */}
      <output data-part="sr-only" data-region="flow">
        {stepsFailed ? <span key={`steps-${later.failures}`}>{te('error.network_error')}</span> : spoken && spokenWords && <span key={spoken.id}>{spokenWords}</span>}
      </output>
    </div>
  )
}
