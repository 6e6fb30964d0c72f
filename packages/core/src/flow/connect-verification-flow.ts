/**
 * Turns a flow state into what a view needs: the step to show, prop getters for each part, and
 * the announcement to read. Framework-free (no React, no DOM types): the props use React's
 * spelling (`onChange`, `aria-*`, `data-*`), and the handlers read only `event.target.value` and
 * call `event.preventDefault()`, so they fit React and plain DOM listeners alike.
 */
import { CHANNEL_INFO, isEmailChannel } from '../rules/channel-info'
import { CHANNELS, type Channel } from '../adapters/contract'
import { ADDRESS_ERROR_CODES, EMAIL_HELPS_CODES, placeOfError, switchTargetOf, type FlowErrorPlace } from './flow-policy'
import { stepOf, type FlowStep } from './step-of'
import type { PhoneCountryCode } from '../phone/offered-phone-countries'
import { newCodeAt } from './client-time'
import { canResendAt } from './flow-machine'
import type { FlowAnnouncementEntry } from './create-verification-flow'
import type { FlowCommand, FlowError, FlowState, FlowStatus, SentVerification } from './flow-state'
import { spokenAnnouncement } from './flow-announcements'


/** Options of {@link connectVerificationFlow}. */
export interface ConnectOptions {
  /** Client clock in epoch ms, read when the props are made; default `Date.now`. */
  now?: () => number
  /** The channels offered, in this order. @default every channel */
  channels?: readonly Channel[]
  /** BCP-47 tag sent with a submit, when the app chose a language. */
  locale?: string
  /** The store's last announcement (`getAnnouncement()`). */
  announcement?: FlowAnnouncementEntry
  /**
   * Rewrites every props object the getters return, so that another framework can bind them
   * (zag-js's `normalizeProps` shape): e.g. Vue or Solid rename `onChange` to `onInput` and
   * `className` to `class`. The getters' types keep React's spelling. @default the identity
   */
  normalizeProps?: <P extends object>(props: P) => P
}

/** The flow's error split by the part of the view that shows it (see `placeOfError`). */
export interface FlowErrorsByPlace {
  /** Shown on the address field (and read by its live region). */
  address: FlowError | undefined
  /** Shown on the code field (and read by its live region). */
  code: FlowError | undefined
  /** The flow's own error, shown below the step's buttons and read by the flow's alert; none on the problem step, which says it in its body. */
  flow: FlowError | undefined
}

/** The minimal event the handlers read: an `<input>` change. */
export interface ValueEvent {
  target: { value: string }
}

/** The minimal event the form handlers read. */
export interface SubmitEvent {
  preventDefault(): void
}

/** Attributes every part carries, for styling (`[data-state="code_sent"]`). */
export interface PartAttributes {
  'data-part': string
  'data-state': FlowStatus
}

/** Props of a button part. `aria-disabled` (not `disabled`) keeps a waiting button focusable. */
export interface FlowButtonProps extends PartAttributes {
  type: 'button'
  'aria-disabled'?: true
  /** True while a request is on its way for this button (a spinner may show). */
  'aria-busy'?: true
  onClick(): void
}

/** Props of a `<form>` part. */
export interface FlowFormProps extends PartAttributes {
  noValidate: true
  'aria-busy': boolean
  onSubmit(event?: SubmitEvent): void
}

/** What {@link connectVerificationFlow} returns. */
export interface VerificationFlowApi {
  /** The flow's current state; narrow on `state.status`. */
  state: FlowState
  /** Sends a command to the flow. */
  send(command: FlowCommand): void
  /** The screen to show. */
  step: FlowStep
  /** The sent verification, when there is one. */
  verification: SentVerification | undefined
  /** The error of the last action, when there is one. */
  error: FlowError | undefined
  /** True when a new code (resend, channel switch, new code after a problem) would be accepted now. */
  canResend: boolean
  /**
   * Client epoch ms from which a new code can be asked for, while it cannot: the end of the
   * cooldown or of a `rate_limited` wait, whichever is later. One clock for every button and error.
   */
  waitUntil: number | undefined
  /** True while a request runs (`sending`, `checking`). */
  isBusy: boolean
  /** The error by the part of the view that shows it. */
  errors: FlowErrorsByPlace
  /** Where an error of this step is shown (and read out): its field's, or the flow's. */
  placeOf(error: FlowError): FlowErrorPlace
  /**
   * Offer "Use email instead": the address step refused a number for a reason an e-mail address
   * gets around, and the flow offers e-mail.
   */
  offerEmail: boolean
  /** The channel a "… instead" button of the code step switches to (SMS ↔ call), when the flow offers it. */
  switchTo: Channel | undefined
  /** The channels offered. */
  channels: readonly Channel[]
  /** The country of the draft. */
  country: PhoneCountryCode | undefined
  /** The store's last announcement, said or not (e.g. to call an app's `onError` once per error). */
  announcement: FlowAnnouncementEntry | undefined
  /**
   * What the flow's one polite live region says now (see `spokenAnnouncement`): render its words
   * in a node keyed by `id`, inside a region present from the start; none once it went stale.
   */
  spoken: FlowAnnouncementEntry | undefined
  /** Props of the root element. */
  getRootProps(): PartAttributes & { 'data-step': FlowStep; 'data-channel': Channel }
  /** Props for the `<form>` around the address field: submitting sends the code. */
  getAddressFormProps(): FlowFormProps
  /** Props for a plain address `<input>` (phone or e-mail by the channel). */
  getAddressInputProps(): PartAttributes & {
    type: 'tel' | 'email'
    autoComplete: 'tel' | 'email'
    inputMode: 'tel' | 'email'
    dir?: 'ltr'
    value: string
    readOnly: boolean
    'aria-invalid'?: true
    onChange(event: ValueEvent): void
  }
  /** Props for a channel picker: the value and how to change it (the draft keeps an address per kind). */
  getChannelPickerProps(): PartAttributes & { channels: readonly Channel[]; value: Channel; disabled: boolean; onValueChange(channel: Channel): void }
  /** Props for the country picker of a phone field. */
  getCountryProps(): { country: PhoneCountryCode | undefined; onCountryChange(country: PhoneCountryCode): void }
  /** Props for the `<form>` around the code field: submitting checks the code. */
  getCodeFormProps(): FlowFormProps
  /** Props for a plain code `<input>`. */
  getCodeInputProps(): PartAttributes & {
    type: 'text'
    inputMode: 'numeric'
    autoComplete: 'one-time-code'
    dir: 'ltr'
    value: string
    maxLength: number | undefined
    readOnly: boolean
    'aria-invalid'?: true
    /** `guessed`: the code was picked among other numbers of a pasted text; it is never checked by itself. */
    onChange(event: ValueEvent & { guessed?: boolean }): void
  }
  /** Props for the "Resend code" button: waits out the cooldown. */
  getResendButtonProps(): FlowButtonProps
  /** Props for a "Call me instead" style button: resend by `channel`, same wait as resend. */
  getSwitchChannelButtonProps(channel: Channel): FlowButtonProps
  /** Props for the "Send a new code" button of the problem step. */
  getNewCodeButtonProps(): FlowButtonProps
  /** Props for the "Change number" button: back to the address, keeping it. */
  getChangeAddressButtonProps(): FlowButtonProps
  /** The outcome once verified: the address, channel, verification id and receipt. */
  getOutcome(): { to: string; channel: Channel; verificationId: string; receipt: string | undefined } | undefined
}


/**
 * Connects a flow state to a view: `send` is the store's (`createVerificationFlow().send`), and
 * everything returned is derived from `state` and `options` (nothing is kept between calls).
 */
export function connectVerificationFlow(state: FlowState, send: (command: FlowCommand) => void, options: ConnectOptions = {}): VerificationFlowApi {
  const channels = options.channels && options.channels.length > 0 ? options.channels : CHANNELS
  const step = stepOf(state)
  const verification = 'verification' in state ? state.verification : undefined
  const error = 'error' in state ? state.error : undefined
  const isBusy = state.status === 'sending' || state.status === 'checking'
  // The clock is read only when there is a wait to compare it with (a code sent, a refusal's retry
  // time): a fresh flow's address step reads no clock, so a server render or prerender (Next.js
  // Cache Components) is deterministic.
  let clientNow: number | undefined
  const now = (): number => (clientNow ??= (options.now ?? Date.now)())
  const canResend = !isBusy && verification !== undefined && canResendAt(state, now())
  // One wait for every button that asks for a code (resend, switch, new code, send after a
  // refusal), on the server's clock once (see `newCodeAt`); none once it has passed.
  const wait = canResend ? undefined : newCodeAt(state)
  const waitUntil = wait !== undefined && wait > now() ? wait : undefined
  const normalize = options.normalizeProps ?? (<P extends object>(props: P): P => props)
  const part = (name: string): PartAttributes => ({ 'data-part': name, 'data-state': state.status })
  const placeOf = (e: FlowError): FlowErrorPlace => placeOfError(e, step)
  const place = error ? placeOf(error) : undefined
  const errors: FlowErrorsByPlace = {
    address: place === 'address' ? error : undefined,
    code: place === 'code' ? error : undefined,
    // An error about an address outside the address step (a late refusal) is no field's and not repeated.
    flow: error && place === 'flow' && step !== 'problem' && !ADDRESS_ERROR_CODES.has(error.code) ? error : undefined,
  }
  const offerEmail =
    step === 'address' && CHANNEL_INFO[state.channel].address === 'phone' && channels.some((c) => CHANNEL_INFO[c].address === 'email') && error !== undefined && EMAIL_HELPS_CODES.has(error.code)
  const locale = options.locale
  const submit = () => send({ type: 'SUBMIT', ...(locale ? { locale } : {}) })
  const button = (name: string, enabled: boolean, busy: boolean, command: () => void): FlowButtonProps => normalize({
    ...part(name),
    type: 'button',
    ...(enabled ? {} : { 'aria-disabled': true as const }),
    ...(busy ? { 'aria-busy': true as const } : {}),
    onClick: () => {
      if (enabled) command()
    },
  })
  const sendingBy = (intent: 'resend' | 'switch_channel') => state.status === 'sending' && state.intent === intent

  return {
    state,
    send,
    step,
    verification,
    error,
    canResend,
    waitUntil,
    isBusy,
    errors,
    placeOf,
    offerEmail,
    switchTo: switchTargetOf(verification, channels),
    channels,
    country: state.country,
    announcement: options.announcement,
    spoken: spokenAnnouncement(options.announcement, state),
    getRootProps: () =>
      normalize({ ...part('root'), 'data-step': step, 'data-channel': state.channel }),
    getAddressFormProps: () =>
      normalize({
      ...part('address-form'),
      noValidate: true,
      'aria-busy': state.status === 'sending',
      onSubmit: (event) => {
        event?.preventDefault()
        submit()
      },
    }),
    getAddressInputProps: () =>
      normalize({
      ...part('address'),
      ...(isEmailChannel(state.channel)
        ? { type: 'email' as const, autoComplete: 'email' as const, inputMode: 'email' as const }
        : { type: 'tel' as const, autoComplete: 'tel' as const, inputMode: 'tel' as const, dir: 'ltr' as const }),
      value: state.to,
      readOnly: state.status !== 'idle',
      ...(state.status === 'idle' && state.error ? { 'aria-invalid': true as const } : {}),
      onChange: (event) => send({ type: 'SET_ADDRESS', to: event.target.value }),
    }),
    getChannelPickerProps: () =>
      normalize({
      ...part('channel-picker'),
      channels,
      value: state.channel,
      disabled: state.status !== 'idle',
      onValueChange: (channel) => send({ type: 'SWITCH_CHANNEL', channel }),
    }),
    getCountryProps: () =>
      normalize({ country: state.country, onCountryChange: (country) => send({ type: 'SET_COUNTRY', country }) }),
    getCodeFormProps: () =>
      normalize({
      ...part('code-form'),
      noValidate: true,
      'aria-busy': state.status === 'checking',
      onSubmit: (event) => {
        event?.preventDefault()
        send({ type: 'CHECK' })
      },
    }),
    getCodeInputProps: () =>
      normalize({
      ...part('code'),
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
      dir: 'ltr',
      value: state.status === 'code_sent' || state.status === 'checking' ? state.code : '',
      maxLength: verification?.codeLength,
      readOnly: state.status !== 'code_sent',
      ...(state.status === 'code_sent' && state.error ? { 'aria-invalid': true as const } : {}),
      onChange: (event) => send({ type: 'TYPE_CODE', code: event.target.value, ...(event.guessed ? { guessed: true } : {}) }),
    }),
    getResendButtonProps: () => button('resend', canResend, sendingBy('resend'), () => send({ type: 'RESEND' })),
    getSwitchChannelButtonProps: (channel) =>
      button('switch-channel', canResend && channel !== verification?.channel, sendingBy('switch_channel'), () => send({ type: 'SWITCH_CHANNEL', channel })),
    getNewCodeButtonProps: () =>
      button('new-code', canResend || (state.status === 'failed' && !verification), state.status === 'sending', () => {
        // A failed verification may have no code to resend: a new start to the same address.
        if (state.status === 'failed' && !state.verification) submit()
        else send({ type: 'RESEND' })
      }),
    getChangeAddressButtonProps: () => button('change-address', state.status !== 'idle', false, () => send({ type: 'CHANGE_ADDRESS' })),
    getOutcome: () =>
      state.status === 'verified'
        ? { to: state.verification.to, channel: state.verification.channel, verificationId: state.verification.id, receipt: state.receipt }
        : undefined,
  }
}
