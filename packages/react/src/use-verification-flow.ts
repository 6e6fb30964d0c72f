import {
  createVerificationFlow,
  type Channel,
  type FlowCommand,
  type FlowError,
  type FlowState,
  type SentVerification,
  type VerificationFlow,
  type VerifiedState,
} from '@hakiki/core'
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type FormEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
} from 'react'
import { useHasPassed } from './use-clock'
import { useVerificationContext } from './verification-context'

/** Options of {@link useVerificationFlow}; read when the flow is created, except `locale` and `onVerified`. */
export interface UseVerificationFlowOptions {
  /** Channel of the first send; default `sms`. */
  channel?: Channel
  /** BCP-47 tag of the message (`fr`, `pt-BR`), sent with every submit. */
  locale?: string
  /** Check as soon as the typed code is complete; default true. */
  autoCheck?: boolean
  /**
   * `sessionStorage` key to keep the flow under, so a reload resumes it instead of sending another
   * code. Off by default. The snapshot holds the address and the typed code, never a receipt secret
   * beyond the tab's own session.
   */
  persistKey?: string
  /** Called once when the address is verified, with the receipt for your sign-up handler. */
  onVerified?: (state: VerifiedState) => void
}

/** Extra attributes the prop getters set for styling (`[data-state="code_sent"]`). */
export interface DataStateAttribute {
  'data-state': FlowState['status']
}

/** What {@link useVerificationFlow} returns: the state, commands and prop getters. */
export interface VerificationFlowApi {
  /** The flow's current state; narrow on `state.status`. */
  state: FlowState
  /** Sends a command to the flow (`{ type: 'RESEND' }`, …). */
  send: (command: FlowCommand) => void
  /** The underlying store, for `resume` and `refresh`. */
  flow: VerificationFlow
  /** The sent verification, when there is one. */
  verification: SentVerification | undefined
  /** The error of the last action, when there is one. */
  error: FlowError | undefined
  /** True when a resend (or a channel switch) would be accepted now. */
  canResend: boolean
  /** True while a request runs (`sending`, `checking`). */
  isBusy: boolean
  /** Props for the `<form>` around the address field: submitting sends the code. */
  getAddressFormProps(): FormHTMLAttributes<HTMLFormElement> & DataStateAttribute
  /** Props for the address `<input>` (phone or e-mail by the channel). */
  getAddressInputProps(): InputHTMLAttributes<HTMLInputElement> & DataStateAttribute
  /** Props for the `<form>` around the code field: submitting checks the code. */
  getCodeFormProps(): FormHTMLAttributes<HTMLFormElement> & DataStateAttribute
  /** Props for a plain code `<input>`; `@hakiki/ui`'s `CodeInput` takes `state.code` and `send` instead. */
  getCodeInputProps(): InputHTMLAttributes<HTMLInputElement> & DataStateAttribute
  /** Props for the "Resend code" `<button>`: disabled during the cooldown. */
  getResendButtonProps(): ButtonHTMLAttributes<HTMLButtonElement> & DataStateAttribute
  /** Props for a "Call me instead" style `<button>`. */
  getSwitchChannelButtonProps(channel: Channel): ButtonHTMLAttributes<HTMLButtonElement> & DataStateAttribute
  /** Props for the "Change number" `<button>`: back to the address, keeping it. */
  getChangeAddressButtonProps(): ButtonHTMLAttributes<HTMLButtonElement> & DataStateAttribute
}

// Flows this hook destroyed. React's StrictMode unmounts and remounts effects once in development;
// a flow found here on (re)mount is replaced by a fresh one.
const destroyed = new WeakSet<VerificationFlow>()

/**
 * Runs one verification with the flow state machine of `@hakiki/core`: address → code sent →
 * verified, with resend, channel switch, change of address, countdown-aware buttons and optional
 * persistence across reloads. Re-renders on state changes only (countdowns live in
 * `useExpiryCountdown` / `useResendCooldown`, in the components that show them).
 */
export function useVerificationFlow(options: UseVerificationFlowOptions = {}): VerificationFlowApi {
  const { adapter, now } = useVerificationContext()
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })
  const create = () =>
    createVerificationFlow({
      adapter,
      now,
      ...(options.channel ? { channel: options.channel } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
      ...(options.autoCheck === undefined ? {} : { autoCheck: options.autoCheck }),
    })
  const [flow, setFlow] = useState(create)

  useEffect(() => {
    if (destroyed.has(flow)) {
      setFlow(create())
      return
    }
    return () => {
      destroyed.add(flow)
      flow.destroy()
    }
    // `create` reads the options of the moment; the flow is re-created only after a destroy.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [flow])

  const { persistKey } = options
  useEffect(() => {
    if (!persistKey || destroyed.has(flow)) return
    const storage = sessionStorageOrNull()
    if (!storage) return
    try {
      const saved = storage.getItem(persistKey)
      if (saved) flow.resume(JSON.parse(saved))
    } catch {
      storage.removeItem(persistKey) // unreadable snapshot: start clean
    }
    return flow.subscribe(() => {
      const snapshot = flow.getSnapshot()
      if (snapshot.status === 'idle' && snapshot.to === '') storage.removeItem(persistKey)
      else storage.setItem(persistKey, JSON.stringify(snapshot))
    })
  }, [flow, persistKey])

  const state = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot)

  const verifiedId = state.status === 'verified' ? state.verification.id : undefined
  useEffect(() => {
    if (verifiedId && state.status === 'verified') latest.current.onVerified?.(state)
    // Once per verified verification, not on every render of the verified state.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [verifiedId])

  const verification = 'verification' in state ? state.verification : undefined
  const cooldownOver = useHasPassed(state.status === 'code_sent' ? verification?.resendAt : undefined, verification?.skewMs ?? 0)
  const canResend = state.status === 'code_sent' ? cooldownOver : state.status === 'expired' || state.status === 'locked' || state.status === 'failed'
  const isBusy = state.status === 'sending' || state.status === 'checking'
  const error = 'error' in state ? state.error : undefined
  const send = flow.send
  const data: DataStateAttribute = { 'data-state': state.status }
  const locale = () => latest.current.locale

  return {
    state,
    send,
    flow,
    verification,
    error,
    canResend,
    isBusy,
    getAddressFormProps: () => ({
      ...data,
      noValidate: true,
      'aria-busy': state.status === 'sending',
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        const tag = locale()
        send({ type: 'SUBMIT', ...(tag ? { locale: tag } : {}) })
      },
    }),
    getAddressInputProps: () => ({
      ...data,
      ...(state.channel === 'email'
        ? { type: 'email', autoComplete: 'email', inputMode: 'email' as const }
        : { type: 'tel', autoComplete: 'tel', inputMode: 'tel' as const, dir: 'ltr' }),
      value: state.to,
      readOnly: state.status !== 'idle',
      'aria-invalid': state.status === 'idle' && state.error ? true : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => send({ type: 'SET_ADDRESS', to: event.target.value }),
    }),
    getCodeFormProps: () => ({
      ...data,
      noValidate: true,
      'aria-busy': state.status === 'checking',
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        send({ type: 'CHECK' })
      },
    }),
    getCodeInputProps: () => ({
      ...data,
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
      dir: 'ltr',
      value: state.status === 'code_sent' || state.status === 'checking' ? state.code : '',
      readOnly: state.status !== 'code_sent',
      'aria-invalid': state.status === 'code_sent' && state.error ? true : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => send({ type: 'TYPE_CODE', code: event.target.value }),
    }),
    getResendButtonProps: () => ({
      ...data,
      type: 'button',
      disabled: !canResend || isBusy,
      onClick: () => send({ type: 'RESEND' }),
    }),
    getSwitchChannelButtonProps: (channel: Channel) => ({
      ...data,
      type: 'button',
      disabled: !canResend || isBusy || channel === verification?.channel,
      onClick: () => send({ type: 'SWITCH_CHANNEL', channel }),
    }),
    getChangeAddressButtonProps: () => ({
      ...data,
      type: 'button',
      disabled: state.status === 'idle',
      onClick: () => send({ type: 'CHANGE_ADDRESS' }),
    }),
  }
}

/** `sessionStorage`, or null where it is missing or throws (SSR, sandboxed iframes, some privacy modes). */
function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}
