/*
 * INTERIM: a stand-in for `VerificationFlow` of `@hakiki/ui` while it is being written, built from
 * the public hook and components with the same English accessible names, so the page and its
 * end-to-end tests can be built now. Replaced by the real component as soon as it lands.
 */
import type { Channel, FlowError } from '@hakiki/core'
import { useResendCooldown, useVerificationFlow } from '@hakiki/react'
import { CodeInput, LocaleProvider, PhoneInput } from '@hakiki/ui'
import { useEffect, useRef } from 'react'

/** What `onVerified` gets besides the receipt. */
export interface VerifiedDetails {
  to: string
  channel: Channel
  verificationId: string
}

/** Props of {@link InterimVerificationFlow}. */
export interface InterimVerificationFlowProps {
  locale?: string
  persistKey?: string
  onVerified?: (receipt: string, details: VerifiedDetails) => void
}

const ERRORS: Record<string, string> = {
  incomplete_code: 'Enter all 6 digits of the code.',
  invalid_phone_number: 'This phone number is not valid. Check it and try again.',
  invalid_email: 'This email address is not valid. Check it and try again.',
  unsupported_country: 'Codes cannot be sent to this country yet.',
  rate_limited: 'Too many requests. Wait a moment and try again.',
  not_found: 'This code request is no longer valid. Ask for a new code.',
  expired: 'This code has expired. Ask for a new code.',
  too_many_attempts: 'Too many wrong codes. Ask for a new code.',
  upstream_unavailable: 'The verification service is busy. Try again in a moment.',
  upstream_error: 'The verification service ran into a problem. Try again in a moment.',
  network_error: 'No connection. Check that you are online and try again.',
}
const message = (error: FlowError | undefined): string | undefined => {
  if (!error) return undefined
  if (error.code === 'wrong_code') return `That code is not right. ${error.attemptsLeft} attempt${error.attemptsLeft === 1 ? '' : 's'} left.`
  return ERRORS[error.code] ?? 'Something went wrong. Try again.'
}

/** Stand-in for the drop-in flow; see the file's header. */
export function InterimVerificationFlow({ locale, persistKey, onVerified }: InterimVerificationFlowProps) {
  const flow = useVerificationFlow({
    ...(locale ? { locale } : {}),
    ...(persistKey ? { persistKey } : {}),
    onVerified: (s) => onVerified?.(s.receipt ?? '', { to: s.verification.to, channel: s.verification.channel, verificationId: s.verification.id }),
  })
  const { state, send } = flow
  const codeRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (state.status === 'code_sent') codeRef.current?.focus()
  }, [state.status])
  const error = message(flow.error)
  let body
  if (state.status === 'idle' || state.status === 'sending') {
    body = (
      <form {...flow.getAddressFormProps()}>
        <fieldset>
          <legend>Send the code by</legend>
          {(['sms', 'call', 'email'] as const).map((c) => (
            <label key={c}>
              <input type="radio" name="channel" value={c} checked={state.channel === c} onChange={() => send({ type: 'SWITCH_CHANNEL', channel: c })} />{' '}
              {c === 'sms' ? 'SMS' : c === 'call' ? 'Voice call' : 'Email'}
            </label>
          ))}
        </fieldset>
        {state.channel === 'email' ? (
          <label>
            Email address <input {...flow.getAddressInputProps()} />
          </label>
        ) : (
          <PhoneInput defaultCountry="GH" value={state.to} onValueChange={(e164) => send({ type: 'SET_ADDRESS', to: e164 })} />
        )}
        <button type="submit" disabled={flow.isBusy}>
          Send code
        </button>
        {error && <p role="alert">{error}</p>}
        {state.status === 'sending' && <output>Sending the code…</output>}
      </form>
    )
  } else if (state.status === 'verified') {
    body = <output>Verified</output>
  } else {
    body = (
      <form {...flow.getCodeFormProps()}>
        <CodeInput
          ref={codeRef}
          length={flow.verification?.codeLength ?? 6}
          value={state.status === 'code_sent' || state.status === 'checking' ? state.code : ''}
          onValueChange={(code) => send({ type: 'TYPE_CODE', code })}
          address={flow.verification?.to ?? state.to}
          error={error && <span role="alert">{error}</span>}
          loading={state.status === 'checking'}
        />
        {(state.status === 'expired' || state.status === 'locked' || state.status === 'failed') && (
          <h3>{state.status === 'expired' ? 'Your code has expired' : state.status === 'locked' ? 'Too many wrong codes' : 'Something went wrong'}</h3>
        )}
        <button type="submit">Verify</button>
        <Resend flow={flow} />
        <button {...flow.getSwitchChannelButtonProps('call')}>Call me instead</button>
        <button {...flow.getChangeAddressButtonProps()}>Change number</button>
        {(state.status === 'expired' || state.status === 'locked' || state.status === 'failed') && <p role="alert">{error ?? (state.status === 'expired' ? ERRORS.expired : ERRORS.too_many_attempts)}</p>}
      </form>
    )
  }
  return <LocaleProvider locale={locale ?? 'en'}>{body}</LocaleProvider>
}

function Resend({ flow }: { flow: ReturnType<typeof useVerificationFlow> }) {
  const { secondsLeft, canResend } = useResendCooldown(flow.verification)
  const s = flow.state.status
  const label = s === 'expired' || s === 'locked' || s === 'failed' ? 'Send a new code' : canResend ? 'Resend code' : `Resend code in ${secondsLeft} s`
  return <button {...flow.getResendButtonProps()}>{label}</button>
}
