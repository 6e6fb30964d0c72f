'use client'
import { CHANNELS, formatPhoneNumber, type Channel, type CountryCode, type FlowError, type FlowState, type VerificationAdapter } from '@hakiki/core'
import { VerificationProvider, useRates, useVerificationContext, useVerificationFlow, type PhoneChangeDetails } from '@hakiki/react'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { AttemptsNotice } from './attempts-notice'
import { ChannelPicker } from './channel-picker'
import { cx, isolate } from './class-names'
import { CodeInput } from './code-input'
import { EmailInput } from './email-input'
import { validateEmail } from './validate-email'
import { ExpiryNotice } from './expiry-notice'
import { useLocale, useMessages } from './i18n/locale-context'
import { LocaleProvider } from './i18n/locale-provider'
import { attemptsNoticeMessagesEn, emailInputMessagesEn, errorMessagesEn, flowMessagesEn, type Messages } from './i18n/messages-en'
import { PhoneInput, usePhoneErrorMessage } from './phone-input'
import { ResendButton } from './resend-button'

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
  defaultCountry?: CountryCode
  /** The countries offered in the phone field. @default every covered country */
  countries?: readonly CountryCode[]
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

type Phase = 'address' | 'code' | 'problem' | 'verified'

function phaseOf(state: FlowState): Phase {
  switch (state.status) {
    case 'idle':
      return 'address'
    case 'sending':
      if (state.intent === 'start') return 'address'
      return state.from === 'code_sent' || state.from === undefined ? 'code' : 'problem'
    case 'code_sent':
    case 'checking':
      return 'code'
    case 'verified':
      return 'verified'
    default:
      return 'problem'
  }
}

/** Errors shown on the address field rather than above the form. */
const ADDRESS_ERRORS: ReadonlySet<string> = new Set(['invalid_phone_number', 'unsupported_country', 'invalid_email', 'invalid_request'])
/** Errors shown on the code field. */
const CODE_ERRORS: ReadonlySet<string> = new Set(['wrong_code', 'incomplete_code', 'invalid_code_format'])

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

function FlowView({
  channels = CHANNELS,
  defaultChannel,
  defaultCountry,
  countries,
  showFees,
  persistKey,
  headingLevel = 2,
  onVerified,
  onError,
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
  const phoneErrorMessage = usePhoneErrorMessage()
  const { now } = useVerificationContext()
  const flow = useVerificationFlow({
    channel: first,
    // The code field submits once per distinct complete code (a re-typed wrong code is not re-sent).
    autoCheck: false,
    persistKey,
    onVerified: (s) => onVerified?.(s.receipt, { to: s.verification.to, channel: s.verification.channel, verificationId: s.verification.id }),
  })
  const { state, send } = flow
  const phase = phaseOf(state)
  // Sent with the request only when the app chose a language; otherwise the proxy's default.
  const messageLocale = dir === undefined ? undefined : tag

  const [channel, setChannel] = useState<Channel>(state.channel)
  const isEmail = channel === 'email'
  const [phone, setPhone] = useState<{ e164: string; details?: PhoneChangeDetails }>({ e164: '' })
  const [country, setCountry] = useState(defaultCountry)
  const [email, setEmail] = useState('')
  const [clientError, setClientError] = useState<string>()
  const [dismissed, setDismissed] = useState<FlowError>()
  const [status, setStatus] = useState<Announcement>({ text: '', id: 0 })
  const [alert, setAlert] = useState<Announcement>({ text: '', id: 0 })

  const addressRef = useRef<HTMLInputElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const sentId = useId()

  const rates = useRates({ enabled: Boolean(showFees) })
  const countryFees = useMemo(() => {
    if (!rates.data) return undefined
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: rates.data.currency, maximumFractionDigits: 4 })
    return Object.fromEntries(rates.data.countries.map((c) => [c.iso2, money.format(Number(c.fee))])) as Partial<Record<CountryCode, string>>
  }, [rates.data, tag])
  const smsFee = country ? countryFees?.[country] : undefined

  const error = 'error' in state ? state.error : undefined
  const verification = 'verification' in state ? state.verification : undefined

  const errorText = (e: FlowError): string => {
    switch (e.code) {
      case 'wrong_code':
        return e.attemptsLeft === undefined ? te('error.wrong_code') : tAttempts('attempts.wrongCode', { count: e.attemptsLeft })
      case 'incomplete_code':
        return te('error.incomplete_code', { count: verification?.codeLength ?? 6 })
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
  // Announce, move focus and report errors on each change of state, once.
  const previous = useRef(state)
  useEffect(() => {
    const before = previous.current
    previous.current = state
    if (before === state) return
    const beforeError = 'error' in before ? before.error : undefined
    const fresh = 'error' in state && state.error !== beforeError ? state.error : undefined
    if (fresh) {
      setAlert((a) => ({ text: errorText(fresh), id: a.id + 1 }))
      onError?.(fresh)
    }
    const nextPhase = phaseOf(state)
    const phaseBefore = phaseOf(before)
    if (state.status === 'sending' && state.intent === 'start') setStatus((s) => ({ text: t('flow.sending'), id: s.id + 1 }))
    if (state.status === 'code_sent' && before.status === 'sending') {
      setStatus((s) => ({ text: t(`flow.sent.${state.verification.channel}`, { address: display(state.verification.to, state.verification.channel) }), id: s.id + 1 }))
    }
    if (state.status === 'verified') {
      setStatus((s) => ({ text: t('flow.verified', { address: display(state.verification.to, state.verification.channel) }), id: s.id + 1 }))
    }
    if (nextPhase === 'address' && phaseBefore !== 'address') {
      setChannel(state.channel)
      // After a reload (`persistKey`) the fields start empty: show the address the code went to.
      if (state.to && state.channel === 'email') setEmail((typed) => typed || state.to)
      else if (state.to) setPhone((typed) => (typed.e164 ? typed : { e164: state.to }))
      addressRef.current?.focus()
    } else if (nextPhase === 'address' && fresh) addressRef.current?.focus()
    else if (nextPhase === 'code' && state.status === 'code_sent' && (before.status === 'sending' || fresh)) codeRef.current?.focus()
    else if ((nextPhase === 'verified' || nextPhase === 'problem') && nextPhase !== phaseBefore) headingRef.current?.focus()
    // Runs per state change; the callbacks read this render's messages.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [state])

  const Heading = `h${headingLevel}` as const
  const button = (variant: string, part: string) => ({ 'data-part': part, 'data-variant': variant, className: classNames.button })

  const submitAddress = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    if (state.status !== 'idle' && state.status !== 'failed') return
    let to: string
    let problem: string | undefined
    if (isEmail) {
      to = email.trim()
      const invalid = validateEmail(to, true)
      problem = invalid && tEmail(invalid === 'required' ? 'email.error.required' : 'email.error.invalid')
    } else {
      to = phone.e164
      problem = to ? undefined : phoneErrorMessage(phone.details?.error, phone.details?.country ?? country)
    }
    setClientError(problem)
    if (problem) {
      setAlert((a) => ({ text: problem, id: a.id + 1 }))
      addressRef.current?.focus()
      return
    }
    send({ type: 'SUBMIT', to, channel, ...(messageLocale ? { locale: messageLocale } : {}) })
  }

  const edited = (): void => {
    setClientError(undefined)
    if (state.status === 'idle' && state.error) setDismissed(state.error)
  }

  const shownError = error && error !== dismissed ? error : undefined
  const addressError = clientError ?? (phase === 'address' && shownError && ADDRESS_ERRORS.has(shownError.code) ? errorText(shownError) : undefined)
  // Under the boxes "That code is not right."; the attempts left show just below in AttemptsNotice.
  const codeError =
    phase === 'code' && shownError && CODE_ERRORS.has(shownError.code) ? (shownError.code === 'wrong_code' ? te('error.wrong_code') : errorText(shownError)) : undefined
  const generalError =
    shownError && phase !== 'problem' && !ADDRESS_ERRORS.has(shownError.code) && !(phase === 'code' && CODE_ERRORS.has(shownError.code)) ? errorText(shownError) : undefined
  const sending = state.status === 'sending'
  // Until when the server refused a code (`rate_limited` with `retryAfter`): the send buttons wait.
  const retryAt = shownError?.code === 'rate_limited' ? shownError.retryAt : undefined
  const changeLabel = (state.channel === 'email' ? t('flow.changeEmail') : t('flow.changePhone'))

  const generalErrorNode = generalError && (
    <p data-part="error" className={cx('hakiki-flow-error', classNames.error)}>
      {generalError}
    </p>
  )

  return (
    <div
      className={cx('hakiki', 'hakiki-flow', className)}
      data-part="root"
      data-state={state.status}
      data-step={phase}
      data-channel={state.channel}
      dir={dir}
      lang={dir && tag}
    >
      {/* The address step stays mounted while hidden, so "Change number" finds what was typed. */}
      <form
        hidden={phase !== 'address'}
        noValidate
        aria-busy={sending && phase === 'address'}
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
            channels={offered}
            value={channel}
            fees={smsFee ? { sms: smsFee } : undefined}
            disabled={sending}
            onValueChange={(next) => {
              setChannel(next)
              setClientError(undefined)
            }}
          />
        )}
        {isEmail ? (
          <EmailInput
            ref={addressRef}
            value={email}
            required
            readOnly={sending}
            error={addressError}
            onValueChange={(next) => {
              setEmail(next)
              edited()
            }}
          />
        ) : (
          <PhoneInput
            ref={addressRef}
            value={phone.e164}
            defaultCountry={country}
            countries={countries}
            fees={countryFees}
            required
            readOnly={sending}
            error={addressError}
            onCountryChange={setCountry}
            onValueChange={(e164, details) => {
              setPhone({ e164, details })
              if (details.country) setCountry(details.country)
              edited()
            }}
          />
        )}
        {phase === 'address' && generalErrorNode}
        {/* A start refused with `rate_limited` (this number's cooldown) counts down here; editing
            the address dismisses the error, and with it the wait. */}
        <ResendButton
          type="submit"
          retryAt={phase === 'address' ? retryAt : undefined}
          countdownLabel={(seconds) => t('flow.send.countdown', { count: seconds })}
          aria-disabled={sending || undefined}
          data-part="submit"
          data-variant="primary"
          classNames={{ button: classNames.button }}
        >
          {t('flow.send')}
        </ResendButton>
      </form>

      {phase === 'code' && verification && (
        <form
          noValidate
          aria-busy={state.status === 'checking'}
          onSubmit={(event) => {
            event.preventDefault()
            send({ type: 'CHECK' })
          }}
          data-part="step"
          data-step="code"
          className={classNames.step}
        >
          <Heading data-part="heading" className={classNames.heading}>
            {t('flow.heading.code')}
          </Heading>
          <p id={sentId} data-part="message" className={classNames.message}>
            {t(`flow.sent.${verification.channel}`, { address: display(verification.to, verification.channel) })}
          </p>
          <CodeInput
            key={verification.id}
            ref={codeRef}
            length={verification.codeLength}
            value={state.status === 'code_sent' || state.status === 'checking' ? state.code : ''}
            loading={state.status === 'checking'}
            readOnly={sending}
            error={codeError}
            aria-describedby={sentId}
            onValueChange={(code) => send({ type: 'TYPE_CODE', code })}
            onComplete={() => send({ type: 'CHECK' })}
          />
          <ExpiryNotice verification={verification} />
          <AttemptsNotice attemptsLeft={verification.attemptsLeft} />
          {generalErrorNode}
          <button type="submit" aria-disabled={state.status !== 'code_sent' || undefined} {...button('primary', 'verify')}>
            {t('flow.verify')}
          </button>
          <div data-part="actions" className={classNames.actions}>
            <ResendButton
              verification={verification}
              busy={sending && state.intent === 'resend'}
              onResend={() => send({ type: 'RESEND' })}
              classNames={{ button: classNames.button }}
            />
            {verification.channel !== 'email' && offered.includes(verification.channel === 'sms' ? 'call' : 'sms') && (
              <ResendButton
                verification={verification}
                busy={sending && state.intent === 'switch_channel'}
                announce={false}
                onResend={() => send({ type: 'SWITCH_CHANNEL', channel: verification.channel === 'sms' ? 'call' : 'sms' })}
                classNames={{ button: classNames.button }}
              >
                {verification.channel === 'sms' ? t('flow.callInstead') : t('flow.smsInstead')}
              </ResendButton>
            )}
            <button type="button" onClick={() => send({ type: 'CHANGE_ADDRESS' })} {...button('link', 'change-address')}>
              {changeLabel}
            </button>
          </div>
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
          {/* A refused new code (rate limited) leaves the flow here, saying why. */}
          {state.status !== 'failed' && error && (
            <p data-part="error" className={cx('hakiki-flow-error', classNames.error)}>
              {errorText(error)}
            </p>
          )}
          <div data-part="actions" className={classNames.actions}>
            {/* A refused new code counts down here, on the same cooldown logic as "Resend code". */}
            <ResendButton
              retryAt={retryAt}
              busy={sending}
              countdownLabel={(seconds) => t('flow.newCode.countdown', { count: seconds })}
              onResend={() => {
                if (state.status === 'failed') send({ type: 'SUBMIT', channel: state.channel, ...(messageLocale ? { locale: messageLocale } : {}) })
                else send({ type: 'RESEND' })
              }}
              data-part="new-code"
              data-variant="primary"
              classNames={{ button: classNames.button }}
            >
              {t('flow.newCode')}
            </ResendButton>
            <button type="button" onClick={() => send({ type: 'CHANGE_ADDRESS' })} {...button('link', 'change-address')}>
              {changeLabel}
            </button>
          </div>
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
