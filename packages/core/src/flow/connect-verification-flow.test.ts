import { describe, expect, it, vi } from 'vitest'
import { connectVerificationFlow } from './connect-verification-flow'
import type { FlowCommand, FlowErrorCode, FlowState, SentVerification } from './flow-state'

const T0 = Date.UTC(2026, 0, 1, 12)
// The server runs a minute ahead: every wait is read on its clock.
const verification: SentVerification = { id: 'VE1', to: '+233241234567', channel: 'sms', codeLength: 6, expiresAt: T0 + 660_000, resendAt: T0 + 90_000, attemptsLeft: 5, skewMs: 60_000 }
const codeSent: FlowState = { status: 'code_sent', to: '+233241234567', channel: 'sms', verification, code: '12' }

const idle = (code: FlowErrorCode): FlowState => ({ status: 'idle', to: '+233241234567', channel: 'sms', error: { code } })

/** What a Vue or Solid binding would do: `onChange` becomes `onInput`. */
function normalizeProps<P extends object>(props: P): P {
  const { onChange, ...rest } = props as P & { onChange?: unknown }
  return (onChange === undefined ? props : { ...rest, onInput: onChange }) as P
}

function connect(state: FlowState, at = T0) {
  const send = vi.fn<(command: FlowCommand) => void>()
  return { api: connectVerificationFlow(state, send, { now: () => at, locale: 'fr' }), send }
}

describe('connectVerificationFlow', () => {
  it('maps each state to its step', () => {
    expect(connect({ status: 'idle', to: '', channel: 'sms' }).api.step).toBe('address')
    expect(connect(codeSent).api.step).toBe('code')
    expect(connect({ status: 'sending', intent: 'resend', to: '', channel: 'sms', verification, from: 'locked' }).api.step).toBe('problem')
    expect(connect({ status: 'verified', to: '', channel: 'sms', verification, receipt: 'r' }).api.getOutcome()).toEqual({ to: '+233241234567', channel: 'sms', verificationId: 'VE1', receipt: 'r' })
  })

  it('reads no clock before a code was sent, so a server render or prerender of the address step is deterministic', () => {
    const now = vi.fn<() => number>(() => T0)
    for (const state of [{ status: 'idle', to: '', channel: 'sms' }, { status: 'sending', intent: 'start', to: '+233241234567', channel: 'sms' }] satisfies FlowState[]) {
      const api = connectVerificationFlow(state, () => {}, { now })
      api.getAddressFormProps()
      api.getAddressInputProps()
      api.getResendButtonProps()
    }
    expect(now).not.toHaveBeenCalled()
  })

  it('waits out the cooldown on the server clock, on every resend-like button', () => {
    const early = connect(codeSent, T0 + 29_000).api
    expect(early.canResend).toBe(false)
    expect(early.waitUntil).toBe(T0 + 30_000)
    expect(early.getResendButtonProps()['aria-disabled']).toBe(true)
    expect(early.getSwitchChannelButtonProps('call')['aria-disabled']).toBe(true)
    const { api, send } = connect(codeSent, T0 + 30_000)
    expect(api.waitUntil).toBeUndefined()
    expect(api.getResendButtonProps()['aria-disabled']).toBeUndefined()
    api.getSwitchChannelButtonProps('call').onClick()
    expect(send).toHaveBeenCalledWith({ type: 'SWITCH_CHANNEL', channel: 'call' })
    // The channel the code already went by is no switch.
    expect(api.getSwitchChannelButtonProps('sms')['aria-disabled']).toBe(true)
  })

  it('a refused send keeps every button waiting until its retry time', () => {
    const refused: FlowState = { ...codeSent, error: { code: 'rate_limited', retryAt: T0 + 45_000 } }
    const { api, send } = connect(refused, T0 + 31_000)
    expect(api.waitUntil).toBe(T0 + 45_000)
    api.getResendButtonProps().onClick()
    expect(send).not.toHaveBeenCalled()
  })

  it('wires the fields to commands, with the locale on submit', () => {
    const { api, send } = connect({ status: 'idle', to: '', channel: 'sms' })
    const preventDefault = vi.fn<() => void>()
    api.getAddressInputProps().onChange({ target: { value: 'ama@example.com' } })
    api.getChannelPickerProps().onValueChange('email')
    api.getCountryProps().onCountryChange('NG')
    api.getAddressFormProps().onSubmit({ preventDefault })
    expect(preventDefault).toHaveBeenCalledOnce()
    expect(send.mock.calls.map(([c]) => c)).toEqual([
      { type: 'SET_ADDRESS', to: 'ama@example.com' },
      { type: 'SWITCH_CHANNEL', channel: 'email' },
      { type: 'SET_COUNTRY', country: 'NG' },
      { type: 'SUBMIT', locale: 'fr' },
    ])
    expect(api.getAddressInputProps()).toMatchObject({ type: 'tel', dir: 'ltr', readOnly: false })
  })

  it('marks the code field invalid on an error and read-only while checking', () => {
    expect(connect({ ...codeSent, error: { code: 'wrong_code' } }).api.getCodeInputProps()).toMatchObject({ 'aria-invalid': true, maxLength: 6, value: '12' })
    expect(connect({ status: 'checking', to: '', channel: 'sms', verification, code: '123456' }).api.getCodeInputProps()).toMatchObject({ readOnly: true, value: '123456' })
  })

  it('says which part shows an error: the address field, the code field, or the flow', () => {
    expect(connect(idle('unsupported_country')).api.errors).toEqual({ address: { code: 'unsupported_country' }, code: undefined, flow: undefined })
    expect(connect(idle('network_error')).api.errors).toEqual({ address: undefined, code: undefined, flow: { code: 'network_error' } })
    const wrong: FlowState = { ...codeSent, error: { code: 'wrong_code', attemptsLeft: 4 } }
    expect(connect(wrong).api.errors.code).toEqual({ code: 'wrong_code', attemptsLeft: 4 })
    expect(connect(wrong).api.placeOf({ code: 'wrong_code' })).toBe('code')
    // On the code step an address error is no field's, and not repeated as the flow's.
    expect(connect({ ...codeSent, error: { code: 'invalid_request' } }).api.errors).toEqual({ address: undefined, code: undefined, flow: undefined })
    // The problem step says its error in its body.
    expect(connect({ status: 'failed', to: '', channel: 'sms', error: { code: 'not_found' } }).api.errors.flow).toBeUndefined()
  })

  it('offers e-mail for a number no code reaches, when the flow offers e-mail', () => {
    const refused: FlowState = { status: 'idle', to: '+233241234567', channel: 'sms', error: { code: 'unsupported_number_type' } }
    expect(connect(refused).api.offerEmail).toBe(true)
    const noEmail = connectVerificationFlow(refused, () => {}, { channels: ['sms', 'call'] })
    expect(noEmail.offerEmail).toBe(false)
    expect(connect({ ...refused, error: { code: 'network_error' } }).api.offerEmail).toBe(false)
  })

  it('switches SMS and call to each other, when both are offered', () => {
    expect(connect(codeSent).api.switchTo).toBe('call')
    expect(connect({ ...codeSent, verification: { ...verification, channel: 'call' } }).api.switchTo).toBe('sms')
    expect(connectVerificationFlow(codeSent, () => {}, { channels: ['sms', 'email'] }).switchTo).toBeUndefined()
    expect(connect({ ...codeSent, verification: { ...verification, channel: 'email' } }).api.switchTo).toBeUndefined()
  })

  it('keeps the wait while checking a code (one clock for every resend button)', () => {
    const checking: FlowState = { status: 'checking', to: '+233241234567', channel: 'sms', verification, code: '123456' }
    expect(connect(checking, T0 + 10_000).api.waitUntil).toBe(T0 + 30_000)
  })

  it('hands every props object to the normaliser, so another framework can bind them', () => {
    const api = connectVerificationFlow(codeSent, () => {}, { normalizeProps })
    expect(api.getCodeInputProps()).toHaveProperty('onInput')
    expect(api.getCodeInputProps()).not.toHaveProperty('onChange')
    expect(api.getResendButtonProps()).toHaveProperty('onClick')
  })
})
