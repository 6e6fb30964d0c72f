import { formatPhoneNumber, toLanguageTag, type ApiLocale, type Channel, type FlowState } from '@hakiki/core'
import { VerificationFlow, type VerifiedDetails } from '@hakiki/ui'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { demoDefaultCountry } from './default-country'
import { postSignup, SignupError, type SignupResult } from './signup-api'

/** Props of {@link SignupForm}. */
export interface SignupFormProps {
  /** Language of the flow and of the message the user receives. */
  locale: ApiLocale
  /** Told of every change of the flow's state (the device preview learns where each code went). */
  onStateChange?: (state: FlowState) => void
  /** The countries the phone field offers: `'all'` when the proxy accepts every country (Twilio Verify). @default the 14 covered */
  countries?: 'all'
  /** The channels the flow offers: what the provider sends (WhatsApp with Twilio Verify). @default sms, call, email */
  channels?: readonly Channel[]
}

/** The fields react-hook-form owns; the address and its proof come from the flow. */
interface SignupValues {
  name: string
}

/** sessionStorage key of the flow (a reload resumes it without sending another code). */
export const FLOW_KEY = 'hakiki-demo:flow'
const NAME_KEY = 'hakiki-demo:name'

const CHANNEL_NAMES: Record<string, string> = { sms: 'SMS', call: 'voice call', email: 'email' }

const SIGNUP_ERRORS: Record<string, string> = {
  receipt_replayed: 'This verification was already used to create an account. Start over to verify again.',
  receipt_expired: 'The verification is more than 10 minutes old. Start over to verify again.',
  network_error: 'The server could not be reached. Check your connection, then create the account again.',
}

const storage = {
  get: (key: string): string => {
    try {
      return sessionStorage.getItem(key) ?? ''
    } catch {
      return ''
    }
  },
  set: (key: string, value: string | undefined): void => {
    try {
      if (value === undefined) sessionStorage.removeItem(key)
      else sessionStorage.setItem(key, value)
    } catch {
      // Storage blocked: nothing survives a reload, which only costs retyping.
    }
  },
}

/**
 * The sign-up form: a name (react-hook-form), then the kit's `VerificationFlow` for the phone or
 * e-mail address. Once verified, the receipt goes with the name to the app's own `/api/signup`,
 * which checks it on the server; the page shows what the server says was verified.
 */
export function SignupForm({ locale, onStateChange, countries, channels }: SignupFormProps) {
  const nameId = useId()
  const nameErrorId = useId()
  const { register, handleSubmit, formState, reset, control } = useForm<SignupValues>({ defaultValues: { name: storage.get(NAME_KEY) } })
  const [verified, setVerified] = useState<{ receipt: string; details: VerifiedDetails }>()
  // Read by the submit handler, which runs in the same tick as onVerified, before a re-render.
  const verifiedRef = useRef(verified)
  const [result, setResult] = useState<SignupResult>()
  const [failure, setFailure] = useState<string>()
  const [defaultCountry] = useState(() => demoDefaultCountry(navigator.languages, countries))
  const [flowKey, setFlowKey] = useState(0)
  const flowRef = useRef<HTMLDivElement>(null)
  const resultRef = useRef<HTMLHeadingElement>(null)
  // Kept across a reload mid-flow, like the flow itself.
  const typedName = useWatch({ control, name: 'name' })
  useEffect(() => storage.set(NAME_KEY, typedName || undefined), [typedName])
  useEffect(() => {
    if (result) resultRef.current?.focus()
  }, [result])

  const createAccount = async (values: SignupValues) => {
    const proof = verifiedRef.current
    if (!proof) {
      // Enter in the name field moves on to the address instead of failing the whole form.
      flowRef.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([type=radio]), input[type=radio]:checked, button')?.focus()
      return
    }
    setFailure(undefined)
    try {
      setResult(await postSignup({ name: values.name, to: proof.details.to, receipt: proof.receipt }))
      // The account exists: a reload must not resume the verified flow and post its receipt again.
      storage.set(FLOW_KEY, undefined)
    } catch (error) {
      const code = error instanceof SignupError ? error.code : 'invalid_response'
      setFailure(SIGNUP_ERRORS[code] ?? 'The server refused the sign-up. Start over to verify again.')
    }
  }
  // handleSubmit validates the name first (and focuses it when it is missing).
  const submit = (event?: FormEvent) => handleSubmit(createAccount)(event)

  const startOver = () => {
    storage.set(FLOW_KEY, undefined)
    verifiedRef.current = undefined
    setVerified(undefined)
    setResult(undefined)
    setFailure(undefined)
    reset({ name: '' })
    setFlowKey((k) => k + 1)
  }

  if (result) {
    return (
      <section className="demo-card demo-signup" aria-labelledby="result-title">
        <h1 id="result-title" ref={resultRef} tabIndex={-1} lang="en">
          Welcome, {result.name}
        </h1>
        <output lang="en">
          <p>Your account is created. The server checked the verification receipt:</p>
          <dl className="demo-receipt">
            <dt>Verified</dt>
            <dd>
              <bdi dir="ltr">{result.verified.channel === 'email' ? result.verified.to : formatPhoneNumber(result.verified.to) || result.verified.to}</bdi> by {CHANNEL_NAMES[result.verified.channel] ?? result.verified.channel}
            </dd>
            <dt>At</dt>
            <dd>
              <time dateTime={result.verified.verifiedAt}>{new Date(result.verified.verifiedAt).toLocaleString('en')}</time>
            </dd>
            <dt>Verification</dt>
            <dd className="demo-mono">{result.verified.verificationId}</dd>
          </dl>
        </output>
        <button type="button" className="demo-button" onClick={startOver}>
          Start over
        </button>
      </section>
    )
  }

  const nameError = formState.errors.name?.message
  return (
    <section className="demo-card demo-signup" aria-labelledby="signup-title">
      <h1 id="signup-title" lang="en">
        Create your account
      </h1>
      <form id="signup-form" className="demo-name" noValidate onSubmit={(event) => void submit(event)} lang="en">
        <label htmlFor={nameId}>Full name</label>
        <input
          id={nameId}
          autoComplete="name"
          // A name in Arabic or Hebrew reads right to left, a Latin one left to right.
          dir="auto"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? nameErrorId : undefined}
          {...register('name', {
            required: 'Enter your name.',
            validate: (value) => value.trim().length > 0 || 'Enter your name.',
            maxLength: { value: 100, message: 'Use at most 100 characters.' },
          })}
        />
        {nameError && (
          <p id={nameErrorId} className="demo-error">
            {nameError}
          </p>
        )}
      </form>
      <div className="demo-flow" ref={flowRef}>
        <VerificationFlow
          key={flowKey}
          locale={toLanguageTag(locale)}
          {...(countries ? { countries } : {})}
          defaultCountry={defaultCountry}
          {...(channels ? { channels } : {})}
          persistKey={FLOW_KEY}
          headingLevel={2}
          onStateChange={onStateChange}
          onVerified={(receipt, details) => {
            if (!receipt) {
              // Only a flow resumed after its receipt was handed out has none: it cannot sign up twice.
              setFailure('This verification was already used. Start over to verify again.')
              return
            }
            verifiedRef.current = { receipt, details }
            setVerified(verifiedRef.current)
            // Submit once verified: the name is checked and the receipt goes to the server.
            void submit()
          }}
        />
      </div>
      {(verified || failure) && (
        <div className="demo-finish" lang="en">
          {formState.isSubmitting && <output>Creating your account…</output>}
          {failure && (
            <p role="alert" className="demo-error">
              {failure}
            </p>
          )}
          {verified && (
            <button type="submit" form="signup-form" className="demo-button demo-button-primary" disabled={formState.isSubmitting}>
              Create account
            </button>
          )}
          {failure && (
            <button type="button" className="demo-button" onClick={startOver}>
              Start over
            </button>
          )}
        </div>
      )}
    </section>
  )
}
