import type { StartVerificationResponse, VerificationStatus } from './contract'
import type {
  FlowBase,
  FlowError,
  FlowEvent,
  FlowState,
  IdleState,
  SentVerification,
} from './flow-state'
import { isCompleteCode, normalizeCode } from './normalize-code'

/** The first state: an empty address on `channel` (default `sms`). */
export function initialFlowState(init: Partial<FlowBase> = {}): IdleState {
  return { status: 'idle', to: init.to ?? '', channel: init.channel ?? 'sms', ...(init.locale ? { locale: init.locale } : {}) }
}

/**
 * The flow's pure reducer: the next state for an event, or the same object when the event does not
 * apply (so `Object.is` tells a no-op). No clock, no timers, no I/O: time comes in `event.at`, server
 * times and skew in the state. The store (`createVerificationFlow`) runs the requests this implies.
 *
 * | from | event | to |
 * |---|---|---|
 * | idle, failed | `SUBMIT` | sending (`start`) |
 * | sending | `START_DONE` | code_sent |
 * | sending | `START_FAILED` | idle (start), or back where the resend came from, with the error |
 * | code_sent | `TYPE_CODE` | code_sent |
 * | code_sent | `CHECK` (complete code) | checking |
 * | checking | `CHECK_DONE` | verified, code_sent (`wrong_code`), locked, expired |
 * | checking | `CHECK_FAILED` | expired, locked, failed (`not_found`), code_sent with error |
 * | code_sent (after `resendAt`), expired, locked, failed | `RESEND` / `SWITCH_CHANNEL` | sending |
 * | code_sent (after `expiresAt`) | `EXPIRE` | expired |
 * | code_sent | `STATUS_DONE` | code_sent, verified, expired, locked |
 * | any but idle | `CHANGE_ADDRESS` | idle, address kept |
 * | any | `RESET` | idle, empty |
 */
export function transition(state: FlowState, event: FlowEvent): FlowState {
  const base = baseOf(state)
  switch (event.type) {
    case 'RESET':
      return initialFlowState({ channel: state.channel, locale: state.locale })

    case 'RESTORE':
      return event.state

    case 'CHANGE_ADDRESS':
      return state.status === 'idle' ? state : { ...base, status: 'idle' }

    case 'SET_ADDRESS':
      return state.status === 'idle' ? { ...state, to: event.to } : state

    case 'SUBMIT': {
      if (state.status !== 'idle' && state.status !== 'failed') return state
      const to = event.to ?? state.to
      if (to.trim() === '') return { ...base, status: 'idle', to, error: { code: 'invalid_request' } }
      return {
        ...base,
        status: 'sending',
        intent: 'start',
        to,
        channel: event.channel ?? state.channel,
        ...(event.locale ? { locale: event.locale } : {}),
      }
    }

    case 'RESEND':
    case 'SWITCH_CHANNEL': {
      const channel = event.type === 'SWITCH_CHANNEL' ? event.channel : state.channel
      if (state.status === 'idle' && event.type === 'SWITCH_CHANNEL') return { ...state, channel }
      const verification = 'verification' in state ? state.verification : undefined
      const resendable = state.status === 'expired' || state.status === 'locked' || state.status === 'failed'
      if (!verification || !(resendable || (state.status === 'code_sent' && canResend(verification, event.at)))) return state
      // sms and call reach a phone, email a mailbox: a switch across them needs a new address.
      if ((channel === 'email') !== (verification.channel === 'email')) return state
      // `to` stays as typed (for "change number"); the store resends to `verification.to`.
      return { ...base, status: 'sending', intent: event.type === 'RESEND' ? 'resend' : 'switch_channel', channel, verification, from: state.status }
    }

    case 'START_DONE': {
      if (state.status !== 'sending') return state
      return { ...base, status: 'code_sent', channel: event.response.channel, verification: fromStart(event.response, event.at), code: '' }
    }

    case 'START_FAILED': {
      if (state.status !== 'sending') return state
      const { verification } = state
      if (!verification) return { ...base, status: 'idle', error: event.error }
      // A refused resend leaves things as they were: the code already sent stays usable, an
      // expired or locked verification stays so; the error says why (and `retryAt` until when).
      const previous = { ...base, channel: verification.channel, verification, error: event.error }
      switch (state.from) {
        case 'expired':
          return { ...previous, status: 'expired' }
        case 'locked':
          return { ...previous, status: 'locked' }
        case 'failed':
          return { ...previous, status: 'failed' }
        default:
          return { ...previous, status: 'code_sent', code: '' }
      }
    }

    case 'TYPE_CODE': {
      if (state.status !== 'code_sent') return state
      const code = normalizeCode(event.code, state.verification.codeLength)
      if (code === state.code && !state.error) return state
      return { ...base, status: 'code_sent', verification: state.verification, code }
    }

    case 'CHECK': {
      if (state.status !== 'code_sent') return state
      if (!isCompleteCode(state.code, state.verification.codeLength)) {
        return { ...state, error: { code: 'incomplete_code' } }
      }
      return { ...base, status: 'checking', verification: state.verification, code: state.code }
    }

    case 'CHECK_DONE': {
      if (state.status !== 'checking') return state
      const { response } = event
      const verification = { ...state.verification, attemptsLeft: response.attemptsLeft }
      if (response.status === 'approved') {
        return { ...base, status: 'verified', verification, ...(response.receipt ? { receipt: response.receipt } : {}) }
      }
      if (response.status === 'pending') {
        const error: FlowError = { code: 'wrong_code', attemptsLeft: response.attemptsLeft }
        return { ...base, status: 'code_sent', verification, code: '', error }
      }
      return finished(base, verification, response.status)
    }

    case 'CHECK_FAILED': {
      if (state.status !== 'checking') return state
      const { verification } = state
      switch (event.error.code) {
        case 'expired':
          return { ...base, status: 'expired', verification }
        case 'too_many_attempts':
          return { ...base, status: 'locked', verification: { ...verification, attemptsLeft: 0 } }
        case 'not_found':
        case 'forbidden':
        case 'forbidden_origin':
          return { ...base, status: 'failed', verification, error: event.error }
        default:
          // The code stays typed: a network blip or rate limit should not make the user type it again.
          return { ...base, status: 'code_sent', verification, code: state.code, error: event.error }
      }
    }

    case 'EXPIRE': {
      if (state.status !== 'code_sent' || serverNow(state.verification, event.at) < state.verification.expiresAt) return state
      return { ...base, status: 'expired', verification: state.verification }
    }

    case 'STATUS_DONE': {
      if (state.status !== 'code_sent' || event.response.id !== state.verification.id) return state
      const expiresAt = Date.parse(event.response.expiresAt)
      const skewMs = event.response.serverTime ? Date.parse(event.response.serverTime) - event.at : state.verification.skewMs
      const verification = { ...state.verification, expiresAt: Number.isNaN(expiresAt) ? state.verification.expiresAt : expiresAt, skewMs }
      if (event.response.status === 'pending') return { ...state, verification }
      if (event.response.status === 'approved') return { ...base, status: 'verified', verification }
      return finished(base, verification, event.response.status)
    }

    case 'STATUS_FAILED': {
      if (state.status !== 'code_sent' || event.error.code !== 'not_found') return state
      // The verification is gone (another browser session, or the server forgot it): ask again.
      return { ...base, status: 'idle', error: event.error }
    }
  }
}

/** The server's clock now, as this client best knows it. */
export function serverNow(verification: SentVerification, clientNow: number): number {
  return clientNow + verification.skewMs
}

/** Whole seconds until the code expires (0 once expired), read on the server's clock. */
export function secondsUntilExpiry(verification: SentVerification, clientNow: number): number {
  return secondsUntil(verification.expiresAt, serverNow(verification, clientNow))
}

/** Whole seconds until a resend is accepted (0 when it is). */
export function secondsUntilResend(verification: SentVerification, clientNow: number): number {
  return secondsUntil(verification.resendAt, serverNow(verification, clientNow))
}

/** True when the cooldown since the last send is over. */
export function canResend(verification: SentVerification, clientNow: number): boolean {
  return serverNow(verification, clientNow) >= verification.resendAt
}

/** The verification of a state, if it has one. */
export function getVerification(state: FlowState): SentVerification | undefined {
  return 'verification' in state ? state.verification : undefined
}

/**
 * Reads a start answer into server-clock times. The skew is measured against the moment the
 * answer arrived, so a phone whose clock is minutes off still counts down the server's 10 minutes.
 */
function fromStart(response: StartVerificationResponse, receivedAt: number): SentVerification {
  const serverTime = Date.parse(response.serverTime)
  const skewMs = Number.isNaN(serverTime) ? 0 : serverTime - receivedAt
  const at = receivedAt + skewMs
  const time = (iso: string) => {
    const ms = Date.parse(iso)
    return Number.isNaN(ms) ? at : ms
  }
  return {
    id: response.id,
    to: response.to,
    channel: response.channel,
    codeLength: response.codeLength,
    expiresAt: time(response.expiresAt),
    resendAt: time(response.resendAt),
    attemptsLeft: response.attemptsLeft,
    skewMs,
  }
}

function secondsUntil(target: number, now: number): number {
  return Math.max(0, Math.ceil((target - now) / 1000))
}

function baseOf(state: FlowState): FlowBase {
  return { to: state.to, channel: state.channel, ...(state.locale ? { locale: state.locale } : {}) }
}

function finished(base: FlowBase, verification: SentVerification, status: Exclude<VerificationStatus, 'approved' | 'pending'>): FlowState {
  return status === 'expired' ? { ...base, status: 'expired', verification } : { ...base, status: 'locked', verification }
}
