'use client'
import { isEmailChannel, type Channel, type VerificationFlowApi } from '@hakiki/core'
import { useRates, type PhoneChangeDetails, type PhoneCountries, type PhoneCountryCode } from '@hakiki/react'
import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent, type ReactNode, type RefObject } from 'react'
import { ChannelPicker } from '../channel-picker'
import { EmailInput } from '../email-input'
import { useLocale, useMessages } from '../i18n/locale-context'
import { emailInputMessagesEn, flowMessagesEn } from '../i18n/messages-en'
import { PhoneInput, usePhoneErrorMessage } from '../phone-input'
import type { ResendButton } from '../resend-button'
import { loadedEmailSuggestion } from '../load-email-suggestion'
import { validateEmail } from '../validate-email'
import { buttonParts, withProgress, type FlowHeading, type VerificationFlowClassNames } from './flow-parts'

/** Props of {@link AddressStep}. */
export interface AddressStepProps {
  /** The connected flow. */
  api: VerificationFlowApi
  /** The channels offered. */
  offered: readonly Channel[]
  /** The countries of the phone field. */
  countries: PhoneCountries | undefined
  /** Show the SMS price per country. */
  showFees: boolean | undefined
  /** The heading element. */
  heading: FlowHeading
  /** Classes of the parts. */
  classNames: VerificationFlowClassNames
  /** The address field, for focus. */
  addressRef: RefObject<HTMLInputElement | null>
  /** The phone field's last validation, to word a refusal before any request. */
  phoneDetails: RefObject<PhoneChangeDetails | undefined>
  /** The error this step shows on its field, worded. */
  fieldError: string | undefined
  /** The flow's own error (no field's), drawn below the buttons. */
  generalError: ReactNode
  /** Until when (client ms) the send button waits: a refused start's wait (`api.waitUntil`). */
  waitUntil: number | undefined
  /** How the send button announces its wait. */
  announceWait: true | 'end'
  /** The flow just left this step: it stays in the page, out of sight, until focus moved on (`useStepHandover`). */
  leaving?: boolean
  /**
   * The flow went on, but the next step's code is still on its way (`loading`: this step stays,
   * busy, as if the request were) or could not be loaded (`failed`: "Send code" submits nothing;
   * `VerificationFlow` loads the step again on every submit).
   */
  nextStep?: 'loading' | 'failed'
  /**
   * `ResendButton`, from the later steps' chunk once it is loaded (it comes on the first submit):
   * "Send code" becomes one when a refused start makes it wait, and stays one.
   */
  waitButton?: typeof ResendButton | undefined
}

/** Props of {@link SendButton}. */
interface SendButtonProps {
  /** Until when (client ms) a refused start waits. */
  retryAt: number | undefined
  /** A send is on its way: a press does nothing. */
  busy: boolean
  /** The theme's button class. */
  className: string | undefined
  /** The `<button>`, for focus. */
  buttonRef: RefObject<HTMLButtonElement | null>
  /** The label. */
  children: ReactNode
}

/**
 * "Send code" on the first screen: `ResendButton`'s parts (its root, the button, its live region)
 * as the theme and tests know them, without its countdown and announcements, which only a start
 * refused with a wait needs: they are ~0.5 kB that would load up front for every page, so they
 * come with the later steps' chunk (loaded on that very submit) and `ResendButton` takes this
 * one's place then. Until that chunk is there a wait still holds a press, without counting down.
 */
function SendButton({ retryAt, busy, className, buttonRef, children }: SendButtonProps): ReactNode {
  return (
    <span className="hakiki hakiki-resend" data-part="root">
      <button
        ref={buttonRef}
        type="submit"
        data-part="submit"
        data-variant="primary"
        className={className}
        // Drawn waiting while a wait is given (no clock here); a press reads the clock.
        aria-disabled={busy || retryAt !== undefined || undefined}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          if (busy || (retryAt !== undefined && Date.now() < retryAt)) event.preventDefault()
        }}
      >
        {children}
      </button>
      <output data-part="sr-only" />
    </span>
  )
}

/**
 * The address step: channel picker, phone or e-mail field, "Send code". Stays mounted while
 * hidden, so that "Change number" finds what was typed. Checks the address before any request;
 * a press while the phone field waits for a country's metadata is kept and honoured once read.
 */
export function AddressStep({ api, offered, countries, showFees, heading: Heading, classNames, addressRef, phoneDetails, fieldError, generalError, waitUntil, announceWait, leaving, nextStep, waitButton: WaitButton }: AddressStepProps): ReactNode {
  const { state, send } = api
  // Still the step on screen while the next one loads.
  const phase = nextStep ? 'address' : api.step
  const isEmail = isEmailChannel(state.channel)
  const { tag } = useLocale()
  const t = useMessages(flowMessagesEn)
  const tEmail = useMessages(emailInputMessagesEn)
  const phoneErrorMessage = usePhoneErrorMessage()
  // The phone field waits for a country's metadata (`countries="all"`): the number is not read yet.
  const [phoneLoading, setPhoneLoading] = useState(false)
  // "Send code" pressed while it waited: kept, and sent (or refused) once the number is read.
  const [sendWhenRead, setSendWhenRead] = useState(false)
  const [clientError, setClientError] = useState<string>()

  // Set by "Use email instead": the e-mail field takes focus once it is rendered.
  const focusAddress = useRef(false)
  useEffect(() => {
    if (!focusAddress.current) return
    focusAddress.current = false
    addressRef.current?.focus()
  }, [isEmail, addressRef])

  const rates = useRates({ enabled: Boolean(showFees) })
  const countryFees = useMemo(() => {
    if (!rates.data) return undefined
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: rates.data.currency, maximumFractionDigits: 4 })
    return Object.fromEntries(rates.data.countries.map((c) => [c.iso2, money.format(Number(c.fee))])) as Partial<Record<PhoneCountryCode, string>>
  }, [rates.data, tag])
  const smsFee = state.country ? countryFees?.[state.country] : undefined

  const addressForm = api.getAddressFormProps()
  // The e-mail address a typo hint was offered for. A code sent to "ama@gmial.com" reaches nobody
  // and costs a send (and a cooldown), and Enter submits without leaving the field, where the hint
  // would otherwise show: so the first "Send code" of an address with a hint shows the hint (the
  // field's own polite region says it; focus stays in, or goes back to, the field, whose
  // description it is) and sends nothing; the next one sends the address as typed, which may be
  // right (a real domain one letter from a popular one). Its button puts the address meant in.
  const hintOffered = useRef<string | undefined>(undefined)
  // The field was focused (so its hint shows on Enter or on leaving it): an address filled in
  // without ever focusing the field gets no hint to show, and is not held for one.
  const emailFocused = useRef(false)
  /** Checks the address before any request (and sends it when it passes). */
  const sendAddress = (): void => {
    let problem: string | undefined
    if (isEmail) {
      const invalid = validateEmail(state.to, true)
      problem = invalid && tEmail(invalid === 'required' ? 'email.error.required' : 'email.error.invalid')
      if (!problem && emailFocused.current && loadedEmailSuggestion()?.(state.to) !== undefined && hintOffered.current !== state.to) {
        hintOffered.current = state.to
        setClientError(undefined)
        addressRef.current?.focus()
        return
      }
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
    if (nextStep) return
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

  const addressError = clientError ?? fieldError
  // The address step sends, or is about to: a kept press waits for the number to be read.
  const sendingAddress = nextStep === 'loading' || (phase === 'address' && (state.status === 'sending' || sendWhenRead))
  const picker = api.getChannelPickerProps()
  const country = api.getCountryProps()
  // "Use email instead" beside a number no code can reach, when the flow offers e-mail.
  const showUseEmail = api.offerEmail && !clientError
  // A start refused with `rate_limited` (this number's cooldown) counts down on "Send code";
  // editing the address dismisses the error, and with it the wait.
  const retryAt = phase === 'address' && !nextStep ? waitUntil : undefined
  // `ResendButton` from the first wait on, for good: swapping back on the next press would take
  // the focus the press left on it. Focus on the plain button when it is swapped goes to the new one.
  const sendRef = useRef<HTMLButtonElement>(null)
  const [waitShown, setWaitShown] = useState(false)
  const refocus = useRef(false)
  if (!waitShown && retryAt !== undefined && WaitButton) {
    refocus.current = sendRef.current?.ownerDocument.activeElement === sendRef.current
    setWaitShown(true)
  }
  // Once, as the swap is drawn (`waitShown` does not change again).
  useEffect(() => {
    if (refocus.current) sendRef.current?.focus()
  }, [waitShown])
  const useEmail = (): void => {
    picker.onValueChange('email')
    setClientError(undefined)
    focusAddress.current = true
  }

  return (
    <form
      hidden={phase !== 'address' && !leaving}
      data-leaving={(phase !== 'address' && leaving) || undefined}
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
          readOnly={sendingAddress || nextStep === 'failed'}
          error={addressError}
          onFocus={() => {
            emailFocused.current = true
          }}
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
          readOnly={sendingAddress || nextStep === 'failed'}
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
        {waitShown && WaitButton ? (
          <WaitButton
            ref={sendRef}
            type="submit"
            retryAt={retryAt}
            announce={announceWait}
            aria-disabled={sendingAddress || undefined}
            data-part="submit"
            data-variant="primary"
            classNames={{ button: classNames.button }}
          >
            {withProgress(t('flow.send'), sendingAddress)}
          </WaitButton>
        ) : (
          <SendButton retryAt={retryAt} busy={sendingAddress} className={classNames.button} buttonRef={sendRef}>
            {withProgress(t('flow.send'), sendingAddress)}
          </SendButton>
        )}
      </div>
      {showUseEmail && (
        <button type="button" onClick={useEmail} {...buttonParts('link', 'use-email', classNames)}>
          {t('flow.useEmail')}
        </button>
      )}
      {phase === 'address' && generalError}
    </form>
  )
}
