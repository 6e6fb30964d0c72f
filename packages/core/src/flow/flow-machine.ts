/**
 * The verification flow as a states-first machine: a config keyed by state, where each state lists
 * the events it handles (with named guards, the next state, and the effects to run, as data); the
 * events each state ignores on purpose are listed apart (`flowIgnoredEvents`, not shipped to apps).
 * `flow-machine.test.ts` walks every state × every event of both, so an event nobody thought about
 * in some state is a failing test, not a silent no-op.
 */
import { addressKindOf, isEmailChannel } from '../rules/channel-info'
import { ALL_CHANNELS, DELIVERY_STATUSES, type Channel, type DeliveryStatus, type StartVerificationResponse, type VerificationStatus } from '../adapters/contract'
import type {
  FlowBase,
  FlowError,
  FlowEvent,
  FlowState,
  FlowStatus,
  IdleState,
  SentVerification,
} from './flow-state'
import { isExpiredAt, newCodeAt } from './client-time'
import { initialFlowState } from './initial-flow-state'
import { isFinalDelivery, type FinalDelivery } from './final-delivery'
import { isCompleteCode, normalizeCode } from '../fields/normalize-code'

/** The `type` of every event the machine knows. */
export type FlowEventType = FlowEvent['type']

/** Every event type, in the order of the state×event table. */
export const FLOW_EVENT_TYPES = [
  'SET_ADDRESS',
  'SET_COUNTRY',
  'SUBMIT',
  'TYPE_CODE',
  'CHECK',
  'RESEND',
  'SWITCH_CHANNEL',
  'REFRESH',
  'CHANGE_ADDRESS',
  'RESET',
  'EXPIRE',
  'START_DONE',
  'START_FAILED',
  'CHECK_DONE',
  'CHECK_FAILED',
  'STATUS_DONE',
  'STATUS_FAILED',
  'RESTORE',
] as const satisfies readonly FlowEventType[]

/** Every status, in the order of the state×event table. */
export const FLOW_STATUSES = ['idle', 'sending', 'code_sent', 'checking', 'verified', 'expired', 'locked', 'failed'] as const satisfies readonly FlowStatus[]

/**
 * What a screen reader should hear after a transition, as data: the UI words it in its language.
 * Which of them the flow's one live region says, and until when, is `spokenAnnouncement`'s call
 * (`flow-announcements.ts`); an error of the address field is said by that field instead.
 */
export type FlowAnnouncement =
  | { kind: 'sending' }
  | { kind: 'checking' }
  /** A code went out: the first send, or a switch to another channel. */
  | { kind: 'sent'; to: string; channel: Channel }
  /** "Resend code" sent a new code by the same channel. */
  | { kind: 'resent'; to: string; channel: Channel }
  | { kind: 'verified'; to: string; channel: Channel }
  /** The code's lifetime ran out (the timer, a check or a status read said so). */
  | { kind: 'expired' }
  /** Too many wrong codes: this code no longer works. */
  | { kind: 'locked' }
  /** The provider says the message reached the user, or that it never will (a status read found it). */
  | { kind: 'delivery'; delivery: FinalDelivery; channel: Channel }
  | { kind: 'error'; error: FlowError }


/** A side effect the store runs after a transition. The machine only names it; it never runs it. */
export type FlowEffect =
  /** Post a start (first send, resend or channel switch) to the adapter. */
  | { type: 'start'; to: string; channel: Channel; locale?: string }
  /** Check a code against the adapter. */
  | { type: 'check'; id: string; code: string }
  /** Re-read a verification's status. */
  | { type: 'status'; id: string }
  /** Abort the request in flight: its answer no longer applies. */
  | { type: 'cancel' }
  /** Tell the user something through the live regions. */
  | { type: 'announce'; announcement: FlowAnnouncement }

/** Options of {@link machine}, fixed for one flow. */
export interface FlowMachineOptions {
  /** Check as soon as a new complete code is typed; default true. */
  autoCheck?: boolean
}

/** The result of one step of the machine: the next state (the same object when nothing changed) and its effects. */
export interface FlowMachineStep {
  state: FlowState
  effects: FlowEffect[]
}

type StateOf<S extends FlowStatus> = Extract<FlowState, { status: S }>
type EventOf<T extends FlowEventType> = Extract<FlowEvent, { type: T }>
type Options = Required<FlowMachineOptions>

/** A named guard: true when the branch applies. */
export type FlowGuard = (state: FlowState, event: FlowEvent, options: Options) => boolean

/** A guarded branch of a handler: the first branch whose guards all pass is taken. */
interface Branch<S extends FlowState, E extends FlowEvent> {
  /** Names in {@link flowGuards}; all must pass. */
  guard?: FlowGuardName | readonly FlowGuardName[]
  /** The next state (return `state` itself for "stay, run the effects"). */
  to(state: S, event: E, options: Options): FlowState
  /** Effects to run, given the next state. */
  effects?(next: FlowState, state: S, event: E): FlowEffect[]
}

/**
 * What one state declares: handlers for some events. The events it ignores on purpose are listed
 * in `flowIgnoredEvents` (flow-ignored-events.ts), apart, so that apps do not ship them.
 */
export interface FlowStateConfig<S extends FlowStatus> {
  on: { [T in FlowEventType]?: Branch<StateOf<S>, EventOf<T>> | readonly Branch<StateOf<S>, EventOf<T>>[] }
  /**
   * What runs for as long as the flow stays in this state, started and stopped by the store:
   * `expiryTimer` sends `EXPIRE` when the code's lifetime ends on the server's clock.
   */
  activities?: readonly FlowActivity[]
}

/**
 * A long-running effect tied to a state (see {@link FlowStateConfig.activities}): `expiryTimer`,
 * and `deliveryPoll`, which re-reads the status while the provider says the message is still on
 * its way (`queued` or `sent`), a few seconds apart and for a bounded time.
 */
export type FlowActivity = 'expiryTimer' | 'deliveryPoll'

/**
 * "Can a new code be asked for now?", written once: on the code step, and once the code expired,
 * was locked or the verification was lost, after the cooldown the server set for the last code
 * (it gates any send to that address, so asking earlier only meets a 429), and never before the
 * wait a refused send asked for (`rate_limited` with `retryAt`) is over. `clientNow` is the client clock.
 */
export function canResendAt(state: FlowState, clientNow: number): boolean {
  const verification = 'verification' in state ? state.verification : undefined
  const resendable = state.status === 'code_sent' || state.status === 'expired' || state.status === 'locked' || state.status === 'failed'
  if (!verification || !resendable) return false
  const at = newCodeAt(state)
  return at === undefined || clientNow >= at
}

/** A kept code for the address and channel being submitted, if one is still usable at `at`. */
function keptFor(state: FlowState, to: string, channel: Channel, at: number): SentVerification | undefined {
  const key = addressKey(to, channel)
  return state.kept?.find((v) => v.channel === channel && addressKey(v.to, v.channel) === key && v.attemptsLeft > 0 && !isExpiredAt(v, at))
}

/** An address as compared: digits and `+` of a phone number, a trimmed lower-case e-mail address. */
function addressKey(to: string, channel: Channel): string {
  return isEmailChannel(channel) ? to.trim().toLowerCase() : to.replace(/[^\d+]/g, '')
}

/** The named guards of the machine. */
export const flowGuards = {
  /** The submitted address is not blank. */
  hasAddress: (state, event) => (event.type === 'SUBMIT' ? (event.to ?? state.to) : state.to).trim() !== '',
  /** The submitted address has a code sent before that is still usable (see `kept`). */
  hasKeptCode: (state, event) => event.type === 'SUBMIT' && keptFor(state, event.to ?? state.to, event.channel ?? state.channel, event.at) !== undefined,
  /** The complete code typed is the one the server just refused. */
  alreadyTried: (state, event) => {
    if (state.status !== 'code_sent' || event.type !== 'TYPE_CODE' || state.tried === undefined) return false
    return normalizeCode(event.code, state.verification.codeLength) === state.tried
  },
  /** A resend or switch is allowed now (see {@link canResendAt}). */
  canResend: (state, event) => canResendAt(state, event.at),
  /** A switch stays on the same kind of address: sms and call reach a phone, email a mailbox. */
  sameAddressKind: (state, event) => {
    const verification = 'verification' in state ? state.verification : undefined
    const channel = event.type === 'SWITCH_CHANNEL' ? event.channel : state.channel
    return verification !== undefined && addressKindOf(channel) === addressKindOf(verification.channel)
  },
  /** The typed code differs from the one in the state (or clears an error). */
  codeChanged: (state, event) =>
    state.status === 'code_sent' && event.type === 'TYPE_CODE' && (normalizeCode(event.code, state.verification.codeLength) !== state.code || state.error !== undefined),
  /** Auto-check is on and the typed code is complete, not guessed out of a text, and not the one just refused. */
  autoCheckable: (state, event, options) => {
    if (!options.autoCheck || state.status !== 'code_sent' || event.type !== 'TYPE_CODE' || event.guessed) return false
    const code = normalizeCode(event.code, state.verification.codeLength)
    return isCompleteCode(code, state.verification.codeLength) && code !== state.tried
  },
  /** The typed code is complete. */
  completeCode: (state) => state.status === 'code_sent' && isCompleteCode(state.code, state.verification.codeLength),
  /** The verification's lifetime is over on the server's clock. */
  lifetimeOver: (state, event) => state.status === 'code_sent' && isExpiredAt(state.verification, event.at),
  /** A status answer is about the verification on screen. */
  sameVerification: (state, event) => state.status === 'code_sent' && event.type === 'STATUS_DONE' && event.response.id === state.verification.id,
  /** A status failure says the server forgot the verification. */
  forgotten: (_state, event) => event.type === 'STATUS_FAILED' && event.error.code === 'not_found',
  /** The address differs from the draft (or clears an error). */
  addressChanged: (state, event) =>
    event.type === 'SET_ADDRESS' && (event.to !== state.to || (event.country !== undefined && event.country !== state.country) || ('error' in state && state.error !== undefined)),
  /** The country differs from the draft's. */
  countryChanged: (state, event) => event.type === 'SET_COUNTRY' && event.country !== state.country,
  /** The channel picked differs from the draft's. */
  channelChanged: (state, event) => event.type === 'SWITCH_CHANNEL' && event.channel !== state.channel,
  /** A snapshot (from storage, shared with every script of the origin) is a valid flow state. */
  validSnapshot: (_state, event) => event.type === 'RESTORE' && isFlowState(event.state),
} satisfies Record<string, FlowGuard>

/** The name of a guard in {@link flowGuards}. */
export type FlowGuardName = keyof typeof flowGuards

// ---- Branches shared by several states ------------------------------------------------------

const reset: Branch<FlowState, EventOf<'RESET'>> = {
  to: (state) => initialFlowState({ channel: state.channel, locale: state.locale }),
  effects: () => [{ type: 'cancel' }],
}

const restore: Branch<FlowState, EventOf<'RESTORE'>> = {
  guard: 'validSnapshot',
  to: (_state, event) => resumable(event.state),
  effects: (next) => [
    { type: 'cancel' },
    ...(next.status === 'sending' ? startEffects(next) : []),
    ...(next.status === 'code_sent' ? [{ type: 'status' as const, id: next.verification.id }] : []),
  ],
}

const changeAddress: Branch<FlowState, EventOf<'CHANGE_ADDRESS'>> = {
  to: (state, event) => {
    const base = baseOf(state)
    // A code still on its way to being typed is kept: going back to this address returns to it.
    const current = state.status === 'code_sent' || state.status === 'checking' ? state.verification : undefined
    const kept = [...(current ? [current] : []), ...(base.kept ?? []).filter((v) => v.id !== current?.id && !isExpiredAt(v, event.at))].slice(0, 3)
    const { kept: _kept, ...rest } = base
    return { ...rest, ...(kept.length > 0 ? { kept } : {}), status: 'idle' }
  },
  effects: () => [{ type: 'cancel' }],
}

const submit: readonly Branch<StateOf<'idle' | 'failed'>, EventOf<'SUBMIT'>>[] = [
  {
    // Back to a number whose code is still valid: its code step, not a 429 for another code.
    guard: ['hasAddress', 'hasKeptCode'],
    to: (state, event) => {
      const to = event.to ?? state.to
      const channel = event.channel ?? state.channel
      const verification = keptFor(state, to, channel, event.at) as SentVerification
      const rest = (state.kept ?? []).filter((v) => v !== verification)
      const { kept: _kept, ...base } = baseOf(state)
      return { ...base, ...(rest.length > 0 ? { kept: rest } : {}), status: 'code_sent', to, channel, verification, code: '' }
    },
    effects: (next) =>
      next.status === 'code_sent'
        ? [
            { type: 'status', id: next.verification.id },
            { type: 'announce', announcement: { kind: 'sent', to: next.verification.to, channel: next.verification.channel } },
          ]
        : [],
  },
  {
    guard: 'hasAddress',
    to: (state, event) => ({
      ...baseOf(state),
      status: 'sending',
      intent: 'start',
      to: event.to ?? state.to,
      channel: event.channel ?? state.channel,
      ...(event.locale ? { locale: event.locale } : {}),
    }),
    effects: (next) => [...startEffects(next), { type: 'announce', announcement: { kind: 'sending' } }],
  },
  {
    to: (state, event) => ({ ...baseOf(state), status: 'idle', to: event.to ?? state.to, error: { code: 'invalid_request' } }),
    effects: () => [{ type: 'announce', announcement: { kind: 'error', error: { code: 'invalid_request' } } }],
  },
]

/** Resend or switch channel from a state that holds a verification. */
const resend: readonly Branch<StateOf<'code_sent' | 'expired' | 'locked' | 'failed'>, EventOf<'RESEND' | 'SWITCH_CHANNEL'>>[] = [
  {
    guard: ['canResend', 'sameAddressKind'],
    to: (from, event) => ({
      ...baseOf(from),
      status: 'sending',
      intent: event.type === 'RESEND' ? 'resend' : 'switch_channel',
      channel: event.type === 'SWITCH_CHANNEL' ? event.channel : from.channel,
      verification: from.verification,
      from: from.status,
    }),
    effects: (next) => startEffects(next),
  },
]

// ---- The config -----------------------------------------------------------------------------

/**
 * The machine's config, keyed by state. Read a row as "in this state, on this event, if these
 * guards pass, go there and run these effects". An event a state does not handle leaves the state
 * as it is: each state's list of them, on purpose, is `flowIgnoredEvents`.
 */
export const flowMachine: { initial: IdleState; guards: typeof flowGuards; states: { [S in FlowStatus]: FlowStateConfig<S> } } = {
  initial: initialFlowState(),
  guards: flowGuards,
  states: {
    idle: {
      on: {
        SET_ADDRESS: {
          guard: 'addressChanged',
          to: (state, event) => withoutError({ ...state, to: event.to, ...(event.country ? { country: event.country } : {}) }),
        },
        SET_COUNTRY: { guard: 'countryChanged', to: (state, event) => ({ ...state, country: event.country }) },
        SUBMIT: submit,
        SWITCH_CHANNEL: {
          guard: 'channelChanged',
          to: (state, event) => {
            // The address typed for a phone and the one typed for e-mail are both kept.
            if (addressKindOf(event.channel) === addressKindOf(state.channel)) return withoutError({ ...state, channel: event.channel })
            const { aside, ...rest } = withoutError(state)
            return { ...rest, channel: event.channel, to: aside ?? '', ...(state.to ? { aside: state.to } : {}) }
          },
        },
        RESET: reset,
        RESTORE: restore,
      },
    },

    sending: {
      on: {
        START_DONE: {
          to: (state, event) => ({ ...baseOf(state), status: 'code_sent', channel: event.response.channel, verification: fromStart(event.response, event.at), code: '' }),
          effects: (next, state) =>
            next.status === 'code_sent'
              ? [{ type: 'announce', announcement: { kind: state.intent === 'resend' ? 'resent' : 'sent', to: next.verification.to, channel: next.verification.channel } }]
              : [],
        },
        START_FAILED: {
          to: (state, event) => {
            const { verification } = state
            if (!verification) return { ...baseOf(state), status: 'idle', error: event.error }
            // A refused resend leaves things as they were: the code already sent stays usable, an
            // expired or locked verification stays so; the error says why (and `retryAt` until when).
            const previous = { ...baseOf(state), channel: verification.channel, verification, error: event.error }
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
          },
          effects: (_next, _state, event) => [{ type: 'announce', announcement: { kind: 'error', error: event.error } }],
        },
        CHANGE_ADDRESS: changeAddress,
        RESET: reset,
        RESTORE: restore,
      },
    },

    code_sent: {
      on: {
        TYPE_CODE: [
          {
            guard: ['codeChanged', 'autoCheckable'],
            to: (state, event) => checking(state, normalizeCode(event.code, state.verification.codeLength)),
            effects: (next) => checkEffects(next),
          },
          {
            // The code just refused, typed again: not checked by itself, and the user is told.
            guard: ['codeChanged', 'alreadyTried'],
            to: (state, event) => ({
              ...baseOf(state),
              status: 'code_sent',
              verification: state.verification,
              code: normalizeCode(event.code, state.verification.codeLength),
              tried: state.tried as string,
              error: { code: 'already_tried' },
            }),
            effects: () => [{ type: 'announce', announcement: { kind: 'error', error: { code: 'already_tried' } } }],
          },
          {
            guard: 'codeChanged',
            to: (state, event) => {
              const code = normalizeCode(event.code, state.verification.codeLength)
              return { ...baseOf(state), status: 'code_sent', verification: state.verification, code, ...(state.tried ? { tried: state.tried } : {}) }
            },
          },
        ],
        CHECK: [
          { guard: 'completeCode', to: (state) => checking(state, state.code), effects: (next) => checkEffects(next) },
          {
            to: (state) => ({ ...state, error: { code: 'incomplete_code' } }),
            effects: () => [{ type: 'announce', announcement: { kind: 'error', error: { code: 'incomplete_code' } } }],
          },
        ],
        RESEND: resend,
        SWITCH_CHANNEL: resend,
        REFRESH: { to: (state) => state, effects: (_next, state) => [{ type: 'status', id: state.verification.id }] },
        EXPIRE: {
          guard: 'lifetimeOver',
          to: (state) => ({ ...baseOf(state), status: 'expired', verification: state.verification }),
          effects: () => [{ type: 'announce', announcement: { kind: 'expired' } }],
        },
        STATUS_DONE: {
          guard: 'sameVerification',
          to: (state, event) => {
            const expiresAt = Date.parse(event.response.expiresAt)
            const skewMs = event.response.serverTime ? Date.parse(event.response.serverTime) - event.at : state.verification.skewMs
            const delivery = event.response.delivery ?? state.verification.delivery
            const verification = {
              ...state.verification,
              expiresAt: Number.isNaN(expiresAt) ? state.verification.expiresAt : expiresAt,
              skewMs,
              ...(delivery ? { delivery } : {}),
            }
            if (event.response.status === 'pending') return { ...state, verification }
            if (event.response.status === 'approved') return { ...baseOf(state), status: 'verified', verification }
            return finished(baseOf(state), verification, event.response.status)
          },
          // Verified or ended elsewhere (another tab, the server's clock): an outcome like a check's.
          // Still waiting: the news of a message that arrived, or never will, said once.
          effects: (next, state) => {
            if (next.status !== state.status) return outcomeEffects(next)
            const delivery = next.status === 'code_sent' ? next.verification.delivery : undefined
            return isFinalDelivery(delivery) && delivery !== state.verification.delivery
              ? [{ type: 'announce', announcement: { kind: 'delivery', delivery, channel: state.verification.channel } }]
              : []
          },
        },
        STATUS_FAILED: {
          guard: 'forgotten',
          // The verification is gone (another browser session, or the server forgot it): ask again.
          to: (state, event) => ({ ...baseOf(state), status: 'idle', error: event.error }),
          effects: (_next, _state, event) => [{ type: 'announce', announcement: { kind: 'error', error: event.error } }],
        },
        CHANGE_ADDRESS: changeAddress,
        RESET: reset,
        RESTORE: restore,
      },
      activities: ['expiryTimer', 'deliveryPoll'],
    },

    checking: {
      on: {
        CHECK_DONE: {
          to: (state, event) => {
            const { response } = event
            const verification = { ...state.verification, attemptsLeft: response.attemptsLeft }
            if (response.status === 'approved') {
              return { ...baseOf(state), status: 'verified', verification, ...(response.receipt ? { receipt: response.receipt } : {}) }
            }
            if (response.status === 'pending') {
              const error: FlowError = { code: 'wrong_code', attemptsLeft: response.attemptsLeft }
              return { ...baseOf(state), status: 'code_sent', verification, code: '', tried: state.code, error }
            }
            return finished(baseOf(state), response.status === 'expired' ? pastExpiry(verification, event.at) : verification, response.status)
          },
          effects: (next) => outcomeEffects(next),
        },
        CHECK_FAILED: {
          to: (state, event) => {
            const { verification } = state
            switch (event.error.code) {
              case 'expired':
                return { ...baseOf(state), status: 'expired', verification: pastExpiry(verification, event.at) }
              case 'too_many_attempts':
                return { ...baseOf(state), status: 'locked', verification: { ...verification, attemptsLeft: 0 } }
              case 'not_found':
              case 'forbidden':
              case 'forbidden_origin':
                return { ...baseOf(state), status: 'failed', verification, error: event.error }
              default:
                // The code stays typed: a network blip or rate limit should not make the user type it again.
                return { ...baseOf(state), status: 'code_sent', verification, code: state.code, error: event.error }
            }
          },
          effects: (next) => outcomeEffects(next),
        },
        CHANGE_ADDRESS: changeAddress,
        RESET: reset,
        RESTORE: restore,
      },
    },

    verified: {
      on: { CHANGE_ADDRESS: changeAddress, RESET: reset, RESTORE: restore },
    },

    expired: {
      on: { RESEND: resend, SWITCH_CHANNEL: resend, CHANGE_ADDRESS: changeAddress, RESET: reset, RESTORE: restore },
    },

    locked: {
      on: { RESEND: resend, SWITCH_CHANNEL: resend, CHANGE_ADDRESS: changeAddress, RESET: reset, RESTORE: restore },
    },

    failed: {
      on: { SUBMIT: submit, RESEND: resend, SWITCH_CHANNEL: resend, CHANGE_ADDRESS: changeAddress, RESET: reset, RESTORE: restore },
    },
  },
}

/**
 * One step of the machine: looks up the state's handler for the event, takes the first branch whose
 * guards pass, and returns the next state with the effects to run. An ignored event, or one whose
 * guards all fail, returns the same state object and no effects. Pure: no clock (time comes in
 * `event.at`), no timers, no I/O.
 */
export function machine(state: FlowState, event: FlowEvent, options: FlowMachineOptions = {}): FlowMachineStep {
  const opts: Options = { autoCheck: options.autoCheck ?? true }
  const config = flowMachine.states[state.status] as FlowStateConfig<FlowStatus>
  const handler = config.on[event.type] as Branch<FlowState, FlowEvent> | readonly Branch<FlowState, FlowEvent>[] | undefined
  if (!handler) return { state, effects: [] }
  for (const branch of ([] as Branch<FlowState, FlowEvent>[]).concat(handler)) {
    if (!([] as FlowGuardName[]).concat(branch.guard ?? []).every((name) => flowGuards[name](state, event, opts))) continue
    const next = branch.to(state, event, opts)
    return { state: next, effects: branch.effects?.(next, state, event) ?? [] }
  }
  return { state, effects: [] }
}

// ---- Helpers --------------------------------------------------------------------------------

function baseOf(state: FlowState): FlowBase {
  return {
    to: state.to,
    channel: state.channel,
    ...(state.locale ? { locale: state.locale } : {}),
    ...(state.country ? { country: state.country } : {}),
    ...(state.aside ? { aside: state.aside } : {}),
    ...(state.kept && state.kept.length > 0 ? { kept: state.kept } : {}),
  }
}

function withoutError(state: IdleState): IdleState {
  if (state.error === undefined) return state
  const { error: _error, ...rest } = state
  return rest
}

function checking(state: StateOf<'code_sent'>, code: string): FlowState {
  return { ...baseOf(state), status: 'checking', verification: state.verification, code }
}

function checkEffects(next: FlowState): FlowEffect[] {
  return next.status === 'checking'
    ? [
        { type: 'check', id: next.verification.id, code: next.code },
        { type: 'announce', announcement: { kind: 'checking' } },
      ]
    : []
}

function startEffects(next: FlowState): FlowEffect[] {
  if (next.status !== 'sending') return []
  // A resend goes to the address the code went to; a first send to the draft as typed.
  const to = next.verification?.to ?? next.to.trim()
  return [{ type: 'start', to, channel: next.channel, ...(next.locale ? { locale: next.locale } : {}) }]
}

/** The announcement of a check's (or status read's) outcome: verified, expired, locked, or the error. */
function outcomeEffects(next: FlowState): FlowEffect[] {
  if (next.status === 'verified') return [{ type: 'announce', announcement: { kind: 'verified', to: next.verification.to, channel: next.verification.channel } }]
  if (next.status === 'expired') return [{ type: 'announce', announcement: { kind: 'expired' } }]
  if (next.status === 'locked') return [{ type: 'announce', announcement: { kind: 'locked' } }]
  const error = 'error' in next ? next.error : undefined
  return error ? [{ type: 'announce', announcement: { kind: 'error', error } }] : []
}

/**
 * The server said the code expired: its clock is past `expiresAt`, whatever the skew measured at
 * the send said. Moving the skew up to that keeps every wait honest (the cooldown, which ends
 * before expiry, is then over), so "Send a new code" does not wait for a cooldown the server ended.
 */
function pastExpiry(verification: SentVerification, at: number): SentVerification {
  const skewMs = Math.max(verification.skewMs, verification.expiresAt - at)
  return skewMs === verification.skewMs ? verification : { ...verification, skewMs }
}

function finished(base: FlowBase, verification: SentVerification, status: Exclude<VerificationStatus, 'approved' | 'pending'>): FlowState {
  return status === 'expired' ? { ...base, status: 'expired', verification } : { ...base, status: 'locked', verification }
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
    ...(response.delivery ? { delivery: response.delivery } : {}),
  }
}

/**
 * A restored snapshot as it can go on: a check's answer was lost with the page, so the user checks
 * again (codes are not single-try); a resend may or may not have gone out, so the code screen shows
 * rather than risk a paid SMS. A first send interrupted mid-flight is posted again, which the proxy
 * refuses with `rate_limited` inside the cooldown if the first one went out.
 */
function resumable(snapshot: FlowState): FlowState {
  if (snapshot.status === 'checking') return { ...snapshot, status: 'code_sent' }
  if (snapshot.status === 'sending' && snapshot.verification) {
    const { intent: _intent, from: _from, ...rest } = snapshot
    return { ...rest, status: 'code_sent', channel: snapshot.verification.channel, verification: snapshot.verification, code: '' }
  }
  return snapshot
}

const STATUSES: ReadonlySet<unknown> = /* @__PURE__ */ new Set(FLOW_STATUSES)

/** Checks a snapshot from storage before trusting it: storage is shared with every script of the origin. */
function isFlowState(value: unknown): value is FlowState {
  if (!isRecord(value)) return false
  const { status, verification, intent } = value
  return (
    STATUSES.has(status) &&
    typeof value.to === 'string' &&
    ALL_CHANNELS.includes(value.channel as Channel) &&
    (value.locale === undefined || typeof value.locale === 'string') &&
    (value.kept === undefined || (Array.isArray(value.kept) && value.kept.every(isVerification))) &&
    (status !== 'failed' || isError(value.error)) &&
    // Only these states may hold no verification; one that is held is checked, with what its state adds.
    (verification === undefined
      ? status === 'idle' || status === 'sending' || status === 'failed'
      : isVerification(verification) &&
        ((status !== 'code_sent' && status !== 'checking') || typeof value.code === 'string') &&
        (status !== 'sending' || intent === 'start' || intent === 'resend' || intent === 'switch_channel'))
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isVerification(value: unknown): value is SentVerification {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.to === 'string' &&
    ALL_CHANNELS.includes(value.channel as Channel) &&
    // `Number.isFinite` is false for anything but a finite number (it does not convert).
    [value.codeLength, value.expiresAt, value.resendAt, value.attemptsLeft, value.skewMs].every(Number.isFinite) &&
    (value.delivery === undefined || DELIVERY_STATUSES.includes(value.delivery as DeliveryStatus))
  )
}

function isError(value: unknown): value is FlowError {
  return isRecord(value) && typeof value.code === 'string'
}
