import { describe, expect, it } from 'vitest'
import type { StartVerificationResponse } from '../adapters/contract'
import type { CodeSentState, FlowCommand, FlowResult, FlowState } from './flow-state'
import { canResend, secondsUntilExpiry, secondsUntilResend } from './flow-clock'
import { initialFlowState } from './initial-flow-state'
import { transition } from './transition'

// The server runs 5 minutes ahead of this client: every countdown must still follow the server.
const SKEW = 5 * 60_000
const T0 = Date.UTC(2026, 0, 1, 12)
const iso = (ms: number) => new Date(ms).toISOString()

function started(overrides: Partial<StartVerificationResponse> = {}): StartVerificationResponse {
  return {
    id: 'VE1',
    to: '+233241234567',
    channel: 'sms',
    status: 'pending',
    codeLength: 6,
    serverTime: iso(T0 + SKEW),
    expiresAt: iso(T0 + SKEW + 600_000),
    resendAt: iso(T0 + SKEW + 30_000),
    attemptsLeft: 5,
    ...overrides,
  }
}

/** Runs events from a state, each `at` the given client time (default T0). */
function run(state: FlowState, ...events: Array<(FlowCommand | FlowResult) & { at?: number }>): FlowState {
  return events.reduce<FlowState>((s, e) => transition(s, { at: T0, ...e }), state)
}

function codeSent(): CodeSentState {
  const state = run(initialFlowState(), { type: 'SUBMIT', to: '024 123 4567' }, { type: 'START_DONE', response: started() })
  if (state.status !== 'code_sent') throw new Error(`expected code_sent, got ${state.status}`)
  return state
}

describe('transition: sending', () => {
  it('goes idle → sending → code_sent, keeping the address as typed and the server times', () => {
    const sending = run(initialFlowState({ locale: 'fr' }), { type: 'SUBMIT', to: '024 123 4567', channel: 'call' })
    expect(sending).toEqual({ status: 'sending', intent: 'start', to: '024 123 4567', channel: 'call', locale: 'fr' })
    const sent = run(sending, { type: 'START_DONE', response: started({ channel: 'call' }) })
    expect(sent).toEqual({
      status: 'code_sent',
      to: '024 123 4567',
      channel: 'call',
      locale: 'fr',
      code: '',
      verification: {
        id: 'VE1',
        to: '+233241234567',
        channel: 'call',
        codeLength: 6,
        expiresAt: T0 + SKEW + 600_000,
        resendAt: T0 + SKEW + 30_000,
        attemptsLeft: 5,
        skewMs: SKEW,
      },
    })
  })

  it('refuses an empty address without a request', () => {
    expect(run(initialFlowState(), { type: 'SUBMIT', to: '  ' })).toMatchObject({ status: 'idle', error: { code: 'invalid_request' } })
  })

  it('returns to idle with the error when the start fails', () => {
    const state = run(initialFlowState(), { type: 'SUBMIT', to: '+44 20' }, { type: 'START_FAILED', error: { code: 'unsupported_country' } })
    expect(state).toEqual({ status: 'idle', to: '+44 20', channel: 'sms', error: { code: 'unsupported_country' } })
  })

  it('is serializable at every step', () => {
    const state = run(codeSent(), { type: 'TYPE_CODE', code: '12' })
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })
})

describe('transition: countdowns follow the server clock', () => {
  it('counts expiry and cooldown from server time despite the skew', () => {
    const { verification } = codeSent()
    expect(secondsUntilExpiry(verification, T0)).toBe(600)
    expect(secondsUntilResend(verification, T0)).toBe(30)
    expect(secondsUntilResend(verification, T0 + 29_001)).toBe(1)
    expect(canResend(verification, T0 + 29_999)).toBe(false)
    expect(canResend(verification, T0 + 30_000)).toBe(true)
    expect(secondsUntilExpiry(verification, T0 + 700_000)).toBe(0)
  })

  it('expires only once the server-side lifetime is over', () => {
    const state = codeSent()
    expect(run(state, { type: 'EXPIRE', at: T0 + 599_000 })).toBe(state)
    expect(run(state, { type: 'EXPIRE', at: T0 + 600_000 }).status).toBe('expired')
  })
})

describe('transition: code entry and check', () => {
  it('normalizes typed codes and ignores no-op typing', () => {
    const state = run(codeSent(), { type: 'TYPE_CODE', code: '١٢٣ ٤٥٦' })
    expect(state).toMatchObject({ status: 'code_sent', code: '123456' })
    expect(run(state, { type: 'TYPE_CODE', code: '123-456' })).toBe(state)
  })

  it('refuses to check an incomplete code', () => {
    expect(run(codeSent(), { type: 'TYPE_CODE', code: '123' }, { type: 'CHECK' })).toMatchObject({
      status: 'code_sent',
      error: { code: 'incomplete_code' },
    })
  })

  it('verifies a right code and keeps the receipt', () => {
    const state = run(
      codeSent(),
      { type: 'TYPE_CODE', code: '123456' },
      { type: 'CHECK' },
      { type: 'CHECK_DONE', response: { id: 'VE1', status: 'approved', attemptsLeft: 5, receipt: 'signed' } },
    )
    expect(state).toMatchObject({ status: 'verified', receipt: 'signed', to: '024 123 4567' })
  })

  it('clears a wrong code and reports the attempts left', () => {
    const state = run(
      codeSent(),
      { type: 'TYPE_CODE', code: '000000' },
      { type: 'CHECK' },
      { type: 'CHECK_DONE', response: { id: 'VE1', status: 'pending', attemptsLeft: 2 } },
    )
    expect(state).toMatchObject({ status: 'code_sent', code: '', error: { code: 'wrong_code', attemptsLeft: 2 }, verification: { attemptsLeft: 2 } })
  })

  it.each([
    [{ type: 'CHECK_DONE' as const, response: { id: 'VE1', status: 'cancelled' as const, attemptsLeft: 0 } }, 'locked'],
    [{ type: 'CHECK_DONE' as const, response: { id: 'VE1', status: 'expired' as const, attemptsLeft: 3 } }, 'expired'],
    [{ type: 'CHECK_FAILED' as const, error: { code: 'expired' as const } }, 'expired'],
    [{ type: 'CHECK_FAILED' as const, error: { code: 'too_many_attempts' as const } }, 'locked'],
    [{ type: 'CHECK_FAILED' as const, error: { code: 'not_found' as const } }, 'failed'],
    [{ type: 'CHECK_FAILED' as const, error: { code: 'network_error' as const } }, 'code_sent'],
  ])('after %j the flow is %s', (result, status) => {
    const state = run(codeSent(), { type: 'TYPE_CODE', code: '123456' }, { type: 'CHECK' }, result)
    expect(state.status).toBe(status)
  })

  it('keeps the typed code after a network failure so the user can retry', () => {
    const state = run(codeSent(), { type: 'TYPE_CODE', code: '123456' }, { type: 'CHECK' }, { type: 'CHECK_FAILED', error: { code: 'network_error' } })
    expect(state).toMatchObject({ code: '123456', error: { code: 'network_error' } })
  })
})

describe('transition: resend, channel switch and change of address', () => {
  it('ignores a resend inside the cooldown and allows it after, to the sent address', () => {
    const state = codeSent()
    expect(run(state, { type: 'RESEND', at: T0 + 29_000 })).toBe(state)
    const resending = run(state, { type: 'RESEND', at: T0 + 30_000 })
    expect(resending).toMatchObject({ status: 'sending', intent: 'resend', to: '024 123 4567', verification: { to: '+233241234567' } })
  })

  it('switches sms → call on the same verification after the cooldown', () => {
    const switching = run(codeSent(), { type: 'SWITCH_CHANNEL', channel: 'call', at: T0 + 30_000 })
    expect(switching).toMatchObject({ status: 'sending', intent: 'switch_channel', channel: 'call' })
    const sent = run(switching, {
      type: 'START_DONE',
      response: started({ channel: 'call', resendAt: iso(T0 + SKEW + 90_000), serverTime: iso(T0 + SKEW + 30_000) }),
      at: T0 + 30_000,
    })
    expect(sent).toMatchObject({ status: 'code_sent', channel: 'call', verification: { channel: 'call', id: 'VE1' } })
  })

  it('does not switch a phone verification to email', () => {
    const state = codeSent()
    expect(run(state, { type: 'SWITCH_CHANNEL', channel: 'email', at: T0 + 60_000 })).toBe(state)
  })

  it('keeps the sent code usable when a resend fails', () => {
    const state = run(
      codeSent(),
      { type: 'SWITCH_CHANNEL', channel: 'call', at: T0 + 30_000 },
      { type: 'START_FAILED', error: { code: 'rate_limited', retryAt: T0 + 90_000 } },
    )
    expect(state).toMatchObject({ status: 'code_sent', channel: 'sms', verification: { id: 'VE1' }, error: { code: 'rate_limited' } })
  })

  it('resends after expiry or lock, and stays there when the resend is refused', () => {
    const expired = run(codeSent(), { type: 'EXPIRE', at: T0 + 600_000 })
    const sending = run(expired, { type: 'RESEND', at: T0 + 600_000 })
    expect(sending).toMatchObject({ status: 'sending', intent: 'resend', from: 'expired' })
    expect(run(sending, { type: 'START_FAILED', error: { code: 'rate_limited' } })).toMatchObject({ status: 'expired', error: { code: 'rate_limited' } })
    const locked = run(codeSent(), { type: 'TYPE_CODE', code: '000000' }, { type: 'CHECK' }, { type: 'CHECK_DONE', response: { id: 'VE1', status: 'cancelled', attemptsLeft: 0 } })
    expect(run(locked, { type: 'RESEND', at: T0 + 30_000 }, { type: 'START_FAILED', error: { code: 'rate_limited' } })).toMatchObject({ status: 'locked', error: { code: 'rate_limited' } })
  })

  it('after a lock or expiry, waits out the cooldown the code step knew instead of meeting a 429', () => {
    const locked = run(codeSent(), { type: 'TYPE_CODE', code: '000000' }, { type: 'CHECK' }, { type: 'CHECK_DONE', response: { id: 'VE1', status: 'cancelled', attemptsLeft: 0 } })
    expect(run(locked, { type: 'RESEND', at: T0 + 29_999 })).toBe(locked)
    expect(run(locked, { type: 'RESEND', at: T0 + 30_000 })).toMatchObject({ status: 'sending', from: 'locked' })
    const lost = run(codeSent(), { type: 'TYPE_CODE', code: '000000' }, { type: 'CHECK' }, { type: 'CHECK_FAILED', error: { code: 'not_found' } })
    expect(lost.status).toBe('failed')
    expect(run(lost, { type: 'RESEND', at: T0 + 10_000 })).toBe(lost)
    // A refused send's own wait counts too, even past the cooldown.
    const refused = run(locked, { type: 'RESEND', at: T0 + 30_000 }, { type: 'START_FAILED', error: { code: 'rate_limited', retryAt: T0 + 50_000 } })
    expect(run(refused, { type: 'RESEND', at: T0 + 49_000 })).toBe(refused)
  })

  it('learns from "expired" that the server clock is past the expiry, so no cooldown is left to wait', () => {
    // The server jumped ahead (or this client's clock lags): the check says the code expired.
    const expired = run(codeSent(), { type: 'TYPE_CODE', code: '123456' }, { type: 'CHECK', at: T0 + 5000 }, { type: 'CHECK_FAILED', error: { code: 'expired' }, at: T0 + 5000 })
    expect(expired.status).toBe('expired')
    expect(run(expired, { type: 'RESEND', at: T0 + 5000 })).toMatchObject({ status: 'sending', from: 'expired' })
  })

  it('going back to a number whose code is still valid returns to its code step, without another code', () => {
    const first = codeSent()
    const sent = run(first, { type: 'TYPE_CODE', code: '12' })
    const changed = run(sent, { type: 'CHANGE_ADDRESS' }, { type: 'SET_ADDRESS', to: '+233201234567' }, { type: 'SUBMIT', channel: 'sms' })
    expect(changed).toMatchObject({ status: 'sending', intent: 'start', to: '+233201234567', kept: [first.verification] })
    const other = run(changed, { type: 'START_DONE', response: started({ id: 'VE2', to: '+233201234567' }) })
    const back = run(other, { type: 'CHANGE_ADDRESS' }, { type: 'SUBMIT', to: '+233 24 123 4567', channel: 'sms', at: T0 + 60_000 })
    expect(back).toMatchObject({ status: 'code_sent', code: '', verification: { id: 'VE1' }, kept: [{ id: 'VE2' }] })
    // Not once the code died, nor by another channel.
    expect(run(other, { type: 'CHANGE_ADDRESS' }, { type: 'SUBMIT', to: '+233241234567', at: T0 + 600_000 })).toMatchObject({ status: 'sending' })
    expect(run(other, { type: 'CHANGE_ADDRESS' }, { type: 'SUBMIT', to: '+233241234567', channel: 'call', at: T0 + 60_000 })).toMatchObject({ status: 'sending' })
  })

  it('says so when the code just refused is typed again, without checking it', () => {
    const refused = run(codeSent(), { type: 'TYPE_CODE', code: '000000' }, { type: 'CHECK' }, { type: 'CHECK_DONE', response: { id: 'VE1', status: 'pending', attemptsLeft: 4 } })
    expect(run(refused, { type: 'TYPE_CODE', code: '000000' })).toMatchObject({ status: 'code_sent', code: '000000', error: { code: 'already_tried' } })
    expect(run(refused, { type: 'TYPE_CODE', code: '000001' })).not.toHaveProperty('error')
  })

  it('goes back to the address field keeping what was typed, from any state', () => {
    for (const state of [run(codeSent(), { type: 'EXPIRE', at: T0 + 600_000 }), run(initialFlowState(), { type: 'SUBMIT', to: '024' })]) {
      expect(run(state, { type: 'CHANGE_ADDRESS' })).toEqual({ status: 'idle', to: state.to, channel: 'sms' })
    }
    // A code still valid is kept, to come back to.
    const sent = codeSent()
    expect(run(sent, { type: 'CHANGE_ADDRESS' })).toEqual({ status: 'idle', to: sent.to, channel: 'sms', kept: [sent.verification] })
  })

  it('ignores a late start answer after the address changed', () => {
    const idle = run(initialFlowState(), { type: 'SUBMIT', to: '024' }, { type: 'CHANGE_ADDRESS' })
    expect(run(idle, { type: 'START_DONE', response: started() })).toBe(idle)
  })

  it('resets to an empty address, keeping channel and locale', () => {
    const state = run(initialFlowState({ channel: 'email', locale: 'fr' }), { type: 'SUBMIT', to: 'a@b.co' }, { type: 'RESET' })
    expect(state).toEqual({ status: 'idle', to: '', channel: 'email', locale: 'fr' })
  })
})

describe('transition: status refresh', () => {
  it.each([
    ['pending', 'code_sent'],
    ['approved', 'verified'],
    ['expired', 'expired'],
    ['cancelled', 'locked'],
  ] as const)('a status of %s makes the flow %s', (status, next) => {
    const state = run(codeSent(), { type: 'STATUS_DONE', response: { id: 'VE1', status, expiresAt: iso(T0 + SKEW + 600_000) } })
    expect(state.status).toBe(next)
  })

  it('re-measures the skew from the status answer', () => {
    const state = run(codeSent(), {
      type: 'STATUS_DONE',
      response: { id: 'VE1', status: 'pending', expiresAt: iso(T0 + 600_000), serverTime: iso(T0 + 60_000) },
      at: T0 + 60_000,
    })
    expect(state).toMatchObject({ verification: { skewMs: 0, expiresAt: T0 + 600_000 } })
  })

  it('goes back to the address when the server forgot the verification', () => {
    expect(run(codeSent(), { type: 'STATUS_FAILED', error: { code: 'not_found' } })).toMatchObject({
      status: 'idle',
      to: '024 123 4567',
      error: { code: 'not_found' },
    })
  })
})
