'use client'
import { CHANNELS, formatPhoneNumber, stepOf, type Channel, type FlowAnnouncement, type FlowError, type FlowState, type VerificationAdapter } from '@hakiki/core'
import { VerificationProvider, useRates, useResendCooldown, useVerificationContext, useVerificationFlow, type PhoneChangeDetails, type PhoneCountries, type PhoneCountryCode } from '@hakiki/react'
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { AttemptsNotice } from './attempts-notice'
import { ChannelPicker } from './channel-picker'
import { cx, isolate } from './class-names'
import { CodeInput } from './code-input'
import { countryName } from './country-names'
import { EmailInput } from './email-input'
import { validateEmail } from './validate-email'
import { ExpiryNotice } from './expiry-notice'
import { useLocale, useMessages } from './i18n/locale-context'
import { LocaleProvider } from './i18n/locale-provider'
import { attemptsNoticeMessagesEn, codeInputMessagesEn, emailInputMessagesEn, errorMessagesEn, flowMessagesEn, type Messages } from './i18n/messages-en'
import { PhoneInput, usePhoneErrorMessage } from './phone-input'
import { ResendButton } from './resend-button'

/** Attempts left from which the code step shows them in a line of their own. */
const ATTEMPTS_WARN_AT = 2

/** What {@link VerificationFlowProps.onVerified} learns besides the receipt. */
export interface VerifiedDetails {
  /** The verified address: E.164 number or e-mail address, as the server normalized it. */
  to: string
  /** The channel the approved code went by. */
  channel: Channel
  /** Id of the approved verification. */
  verificationId: string
}

/** Class names for the parts of {@link VerificationFlow}, beside the root's `className`. */
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
 * and the components of this package.
 */
export function VerificationFlow({ adapter, locale, messages, ...props }: VerificationFlowProps): ReactNode {
  const outer = useLocale()
  const merged = useMemo(() => (messages ? { ...outer.messages, ...messages } : undefined), [outer.messages, messages])
  let body: ReactNode = <FlowView {...props} />
  if (locale !== undefined || merged) {
    body = (
      <LocaleProvider locale={locale ?? outer.locale} messages={locale === undefined ? merged : messages}>
        {body}
      </LocaleProvider>
    )
  }
  return adapter ? <VerificationProvider adapter={adapter}>{body}</VerificationProvider> : body
}

/** Errors shown on the address field rather than in the flow's own error. */
const ADDRESS_ERRORS: ReadonlySet<string> = new Set(['invalid_phone_number', 'unsupported_country', 'unsupported_number_type', 'invalid_email', 'invalid_request'])
/** Refusals of a number that e-mail gets around: the flow offers it when it offers e-mail. */
const EMAIL_HELPS: ReadonlySet<string> = new Set(['unsupported_country', 'unsupported_number_type'])
/** Errors shown on the code field. */
const CODE_ERRORS: ReadonlySet<string> = new Set(['wrong_code', 'incomplete_code', 'invalid_code_format', 'already_tried'])

/**
 * An address as shown: kept left to right inside RTL text, and a phone number formatted with
 * no-break spaces, so that a narrow screen never splits it across lines.
 */
function display(to: string, by: Channel): string {
  return isolate(by === 'email' ? to : (formatPhoneNumber(to) || to).replaceAll(' ', '\u00A0'))
}

/** A message for a live region; the id makes a repeated text a new node, so it is read again. */
interface Announcement {
  text: string
  id: number
}

/**
 * A button's label with a spinner beside it while busy. The label stays the visible text and the
 * accessible name alike (WCAG 2.5.3: the name contains what is shown); the progress itself is said
 * once, in words, by the flow's status region or the code field.
 */
function withProgress(label: string, busy: boolean): ReactNode {
  if (!busy) return label
  return (
    <>
      <span data-part="spinner" aria-hidden="true" />
      {label}
    </>
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
  onVerified,
  onError,
  onStateChange,
  className,
  classNames = {},
}: Omit<VerificationFlowProps, 'adapter' | 'locale' | 'messages'>): ReactNode {
  const offered = channels.length > 0 ? channels : CHANNELS
  const first = defaultChannel && offered.includes(defaultChannel) ? defaultChannel : (offered[0] ?? 'sms')
  const { tag, dir } = useLocale()
  const t = useMessages(flowMessagesEn)
  const te = useMessages(errorMessagesEn)
  const tEmail = useMessages(emailInputMessagesEn)
  const tAttempts = useMessages(attemptsNoticeMessagesEn)
  const tCode = useMessages(codeInputMessagesEn)
  const phoneErrorMessage = usePhoneErrorMessage()
  const { now } = useVerificationContext()
  // Sent with the request only when the app chose a language; otherwise the proxy's default.
  const messageLocale = dir === undefined ? undefined : tag
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
  const { state, send, step: phase, verification, error, announcement } = api
  const isEmail = state.channel === 'email'

  // The phone field's last validation, to word a refusal before any request (not a copy of the address).
  const phoneDetails = useRef<PhoneChangeDetails | undefined>(undefined)
  // The phone field waits for a country's metadata (`countries="all"`): the number is not read yet.
  const [phoneLoading, setPhoneLoading] = useState(false)
  // "Send code" pressed while it waited: kept, and sent (or refused) once the number is read.
  const [sendWhenRead, setSendWhenRead] = useState(false)
  const [clientError, setClientError] = useState<string>()
  const [alert, setAlert] = useState<Announcement>({ text: '', id: 0 })

  const addressRef = useRef<HTMLInputElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Set by "Use email instead": the e-mail field takes focus once it is rendered.
  const focusAddress = useRef(false)
  useEffect(() => {
    if (!focusAddress.current) return
    focusAddress.current = false
    addressRef.current?.focus()
  }, [isEmail])

  const rates = useRates({ enabled: Boolean(showFees) })
  const countryFees = useMemo(() => {
    if (!rates.data) return undefined
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: rates.data.currency, maximumFractionDigits: 4 })
    return Object.fromEntries(rates.data.countries.map((c) => [c.iso2, money.format(Number(c.fee))])) as Partial<Record<PhoneCountryCode, string>>
  }, [rates.data, tag])
  const smsFee = state.country ? countryFees?.[state.country] : undefined

  const errorText = (e: FlowError): string => {
    switch (e.code) {
      case 'wrong_code':
        return e.attemptsLeft === undefined ? te('error.wrong_code') : tAttempts('attempts.wrongCode', { count: e.attemptsLeft })
      case 'already_tried':
        return te('error.already_tried')
      case 'incomplete_code':
        return te('error.incomplete_code', { count: verification?.codeLength ?? 6 })
      case 'unsupported_country': {
        // Named in the UI's language: the country the number was read in.
        const where = phoneDetails.current?.country ?? state.country
        return where ? te('error.unsupported_country.named', { country: countryName(tag, where) }) : te('error.unsupported_country')
      }
      case 'unsupported_number_type':
        return offered.includes('email') ? te('error.unsupported_number_type') : te('error.unsupported_number_type.noEmail')
      case 'rate_limited': {
        const seconds = e.retryAt === undefined ? 0 : Math.ceil((e.retryAt - now()) / 1000)
        return seconds > 0 ? te('error.rate_limited.retry', { count: seconds }) : te('error.rate_limited')
      }
      default: {
        const key = `error.${e.code}` as const
        return key in errorMessagesEn ? te(key as keyof typeof errorMessagesEn) : te('error.unknown')
      }
    }
  }
  const statusText = (a: FlowAnnouncement): string | undefined => {
    switch (a.kind) {
      case 'sending':
        return t('flow.sending')
      case 'sent':
        return t(`flow.sent.${a.channel}`, { address: display(a.to, a.channel) })
      case 'verified':
        return t('flow.verified', { address: display(a.to, a.channel) })
      default:
        return undefined
    }
  }
  // The machine's announcements, each said once: errors in the alert region, news in the status region.
  const [status, setStatus] = useState<Announcement>({ text: '', id: 0 })
  useEffect(() => {
    if (!announcement) return
    const said = announcement.announcement
    if (said.kind === 'error') {
      onError?.(said.error)
      // One owner per announcement: an error of a field is read by that field's live region.
      const ownedByField = phase === 'address' ? ADDRESS_ERRORS.has(said.error.code) : phase === 'code' && CODE_ERRORS.has(said.error.code)
      if (!ownedByField) setAlert((a) => ({ text: errorText(said.error), id: a.id + 1 }))
      return
    }
    const text = statusText(said)
    if (text) setStatus((s) => ({ text, id: s.id + 1 }))
    // Once per announcement; the callbacks read this render's messages.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [announcement?.id])

  // Focus follows the step: the field at fault, the code field, or the heading of an outcome.
  const previous = useRef(state)
  useEffect(() => {
    const before = previous.current
    previous.current = state
    if (before === state) return
    const beforeError = 'error' in before ? before.error : undefined
    const fresh = 'error' in state && state.error !== beforeError ? state.error : undefined
    const phaseBefore = stepOf(before)
    if (phase === 'address' && phaseBefore !== 'address') addressRef.current?.focus()
    else if (phase === 'address' && fresh) addressRef.current?.focus()
    else if (phase === 'code' && state.status === 'code_sent' && (before.status === 'sending' || phaseBefore !== 'code' || fresh)) codeRef.current?.focus()
    else if ((phase === 'verified' || phase === 'problem') && phase !== phaseBefore) headingRef.current?.focus()
    // Runs per state change.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [state])

  const Heading = `h${headingLevel}` as const
  const button = (variant: string, part: string) => ({ 'data-part': part, 'data-variant': variant, className: classNames.button })

  const addressForm = api.getAddressFormProps()
  /** Checks the address before any request (and sends it when it passes). */
  const sendAddress = (): void => {
    let problem: string | undefined
    if (isEmail) {
      const invalid = validateEmail(state.to, true)
      problem = invalid && tEmail(invalid === 'required' ? 'email.error.required' : 'email.error.invalid')
    } else {
      problem = state.to ? undefined : phoneErrorMessage(phoneDetails.current?.error, phoneDetails.current?.country ?? state.country)
    }
    setClientError(problem)
    if (problem) {
      // Said by the field's own live region, not the flow's alert (read once, not twice).
      addressRef.current?.focus()
      return
    }
    addressForm.onSubmit()
  }
  const submitAddress = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    if (state.status !== 'idle' && state.status !== 'failed') return
    // Digits typed in a country whose metadata is on its way are not "no number": the press is
    // kept (the button shows progress) and honoured once the field has read them.
    if (!isEmail && phoneLoading && addressRef.current?.value) {
      setClientError(undefined)
      setSendWhenRead(true)
      return
    }
    sendAddress()
  }
  // The field has read the number (or failed to load what reads it): the kept press goes on. The
  // field reported the number before it said it stopped loading, so `state.to` is the read one.
  useEffect(() => {
    if (!sendWhenRead || phoneLoading) return
    setSendWhenRead(false)
    if (phase === 'address' && !isEmail && (state.status === 'idle' || state.status === 'failed')) sendAddress()
    // Runs when the wait ends; sendAddress reads this render's state.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [sendWhenRead, phoneLoading])

  const addressError = clientError ?? (phase === 'address' && error && ADDRESS_ERRORS.has(error.code) ? errorText(error) : undefined)
  // Under the boxes "That code is not right. 4 attempts left." (then no separate attempts line).
  const codeError = phase === 'code' && error && CODE_ERRORS.has(error.code) ? errorText(error) : undefined
  const generalError =
    error && phase !== 'problem' && !ADDRESS_ERRORS.has(error.code) && !(phase === 'code' && CODE_ERRORS.has(error.code)) ? errorText(error) : undefined
  const sending = state.status === 'sending'
  // The address step sends, or is about to: a kept press waits for the number to be read.
  const sendingAddress = phase === 'address' && (sending || sendWhenRead)
  // Until when the server refused a code (`rate_limited` with `retryAfter`): the send buttons wait.
  const retryAt = error?.code === 'rate_limited' ? error.retryAt : undefined
  // A refusal's wait is said once, by the alert with its error ("Try again in 25 seconds."): the
  // buttons that wait on it announce only its end.
  const announceWait = error?.code === 'rate_limited' ? ('end' as const) : true
  const changeLabel = state.channel === 'email' ? t('flow.changeEmail') : t('flow.changePhone')
  const picker = api.getChannelPickerProps()
  const country = api.getCountryProps()
  const changeAddress = api.getChangeAddressButtonProps()

  const generalErrorNode = generalError && error && (
    <p data-part="error" className={cx('hakiki-flow-error', classNames.error)}>
      {error.code === 'rate_limited' && error.retryAt !== undefined ? <RetryText retryAt={error.retryAt} /> : generalError}
    </p>
  )
  const checking = state.status === 'checking'
  // "Use email instead" beside a number no code can reach, when the flow offers e-mail.
  const offerEmail = phase === 'address' && !isEmail && !clientError && offered.includes('email') && error !== undefined && EMAIL_HELPS.has(error.code)
  const useEmail = (): void => {
    picker.onValueChange('email')
    setClientError(undefined)
    focusAddress.current = true
  }

  return (
    <div className={cx('hakiki', 'hakiki-flow', className)} {...api.getRootProps()} dir={dir}
      lang={dir && tag}
    >
      {/* The address step stays mounted while hidden, so "Change number" finds what was typed. */}
      <form
        hidden={phase !== 'address'}
        noValidate
        aria-busy={sendingAddress}
        onSubmit={submitAddress}
        data-part="step"
        data-step="address"
        className={classNames.step}
      >
        <Heading data-part="heading" className={classNames.heading}>
          {isEmail ? t('flow.heading.email') : t('flow.heading.phone')}
        </Heading>
        {offered.length > 1 && (
          <ChannelPicker
            channels={picker.channels}
            value={picker.value}
            fees={smsFee ? { sms: smsFee } : undefined}
            disabled={picker.disabled}
            onValueChange={(next) => {
              picker.onValueChange(next)
              setClientError(undefined)
            }}
          />
        )}
        {isEmail ? (
          <EmailInput
            ref={addressRef}
            value={state.to}
            required
            readOnly={sendingAddress}
            error={addressError}
            onValueChange={(next) => {
              send({ type: 'SET_ADDRESS', to: next })
              setClientError(undefined)
            }}
          />
        ) : (
          <PhoneInput
            ref={addressRef}
            value={state.to}
            defaultCountry={country.country}
            countries={countries}
            fees={countryFees}
            required
            readOnly={sendingAddress}
            error={addressError}
            onCountryChange={country.onCountryChange}
            onLoadingChange={(loading, details) => {
              phoneDetails.current = details
              setPhoneLoading(loading)
            }}
            onValueChange={(e164, details) => {
              phoneDetails.current = details
              send({ type: 'SET_ADDRESS', to: e164, ...(details.country ? { country: details.country } : {}) })
              setClientError(undefined)
            }}
          />
        )}
        {/* The primary button comes right after the field; with the theme, everything a message
            adds (the field's error, "Use email instead", the flow's error) is drawn below it, so
            no message can move it while the pointer is on its way (the field's error appears on
            blur, that is on the press of this very button). */}
        <div data-part="primary">
          {/* A start refused with `rate_limited` (this number's cooldown) counts down here; editing
              the address dismisses the error, and with it the wait. */}
          <ResendButton
            type="submit"
            retryAt={phase === 'address' ? retryAt : undefined}
            announce={announceWait}
            aria-disabled={sendingAddress || undefined}
            data-part="submit"
            data-variant="primary"
            classNames={{ button: classNames.button }}
          >
            {withProgress(t('flow.send'), sendingAddress)}
          </ResendButton>
        </div>
        {offerEmail && (
          <button type="button" onClick={useEmail} {...button('link', 'use-email')}>
            {t('flow.useEmail')}
          </button>
        )}
        {phase === 'address' && generalErrorNode}
      </form>

      {phase === 'code' && verification && (
        <form
          noValidate
          aria-busy={state.status === 'checking'}
          onSubmit={api.getCodeFormProps().onSubmit}
          data-part="step"
          data-step="code"
          className={classNames.step}
        >
          {/* One heading says where the code went, with the way back beside it (as Stripe, Clerk
              and FirebaseUI do): no separate "we sent…" line and no visible label repeating it. */}
          <div data-part="header">
            <Heading data-part="heading" className={classNames.heading}>
              {t(`flow.heading.code.${verification.channel}`, { address: display(verification.to, verification.channel) })}
            </Heading>{' '}
            <button type="button" onClick={changeAddress.onClick} {...button('link', 'change-address')}>
              {changeLabel}
            </button>
          </div>
          <CodeInput
            key={verification.id}
            ref={codeRef}
            length={verification.codeLength}
            value={state.status === 'code_sent' || state.status === 'checking' ? state.code : ''}
            loading={state.status === 'checking'}
            readOnly={sending}
            error={codeError}
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
            <button type="submit" aria-disabled={state.status !== 'code_sent' || undefined} aria-busy={checking || undefined} {...button('primary', 'verify')}>
              {withProgress(t('flow.verify'), checking)}
            </button>
            <ExpiryNotice verification={verification} />
            {/* Only when it warns: "5 attempts left" before any mistake is noise, and a wrong code
                already says how many are left in its own message. */}
            {error?.code !== 'wrong_code' && verification.attemptsLeft <= ATTEMPTS_WARN_AT && <AttemptsNotice attemptsLeft={verification.attemptsLeft} warnAt={ATTEMPTS_WARN_AT} />}
          </div>
          <div data-part="actions" className={classNames.actions}>
            <ResendButton
              verification={verification}
              retryAt={retryAt}
              busy={sending && state.intent === 'resend'}
              announce={announceWait}
              onResend={api.getResendButtonProps().onClick}
              classNames={{ button: classNames.button }}
            />
            {verification.channel !== 'email' && offered.includes(verification.channel === 'sms' ? 'call' : 'sms') && (
              <ResendButton
                verification={verification}
                retryAt={retryAt}
                busy={sending && state.intent === 'switch_channel'}
                announce={false}
                // Waits on the same clock as "Resend code", with its own seconds beside it.
                onResend={api.getSwitchChannelButtonProps(verification.channel === 'sms' ? 'call' : 'sms').onClick}
                classNames={{ button: classNames.button }}
              >
                {verification.channel === 'sms' ? t('flow.callInstead') : t('flow.smsInstead')}
              </ResendButton>
            )}
          </div>
          {/* Below the buttons, so that none of them moves when it appears. */}
          {generalErrorNode}
        </form>
      )}

      {phase === 'problem' && (
        <div data-part="step" data-step="problem" className={classNames.step}>
          <Heading ref={headingRef} tabIndex={-1} data-part="heading" className={classNames.heading}>
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
              busy={sending}
              announce={announceWait}
              onResend={api.getNewCodeButtonProps().onClick}
              data-part="new-code"
              data-variant="primary"
              classNames={{ button: classNames.button }}
            >
              {t('flow.newCode')}
            </ResendButton>
            <button type="button" onClick={changeAddress.onClick} {...button('link', 'change-address')}>
              {changeLabel}
            </button>
          </div>
          {/* A refused new code (rate limited) leaves the flow here, saying why: below the buttons, which
              it must not move. */}
          {state.status !== 'failed' && error && (
            <p data-part="error" className={cx('hakiki-flow-error', classNames.error)}>
              {error.code === 'rate_limited' && error.retryAt !== undefined ? <RetryText retryAt={error.retryAt} /> : errorText(error)}
            </p>
          )}
        </div>
      )}

      {phase === 'verified' && verification && (
        <div data-part="step" data-step="verified" className={classNames.step}>
          <Heading ref={headingRef} tabIndex={-1} data-part="heading" className={classNames.heading}>
            <svg data-part="icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t('flow.heading.verified')}
          </Heading>
          <p data-part="message" className={classNames.message}>
            {t('flow.verified', { address: display(verification.to, verification.channel) })}
          </p>
        </div>
      )}

      {/* Present from the start: screen readers only announce changes to regions they already know. */}
      <output data-part="sr-only">{status.text && <span key={status.id}>{status.text}</span>}</output>
      <div role="alert" data-part="sr-only">
        {alert.text && <span key={alert.id}>{alert.text}</span>}
      </div>
    </div>
  )
}

/**
 * "Too many requests. Try again in 19 seconds.", ticking on the same clock as the buttons beside it
 * (`useResendCooldown`), so the error and the countdown never disagree.
 */
function RetryText({ retryAt }: { retryAt: number }): ReactNode {
  const te = useMessages(errorMessagesEn)
  const { secondsLeft } = useResendCooldown(undefined, retryAt)
  return secondsLeft > 0 ? te('error.rate_limited.retry', { count: secondsLeft }) : te('error.rate_limited')
}
