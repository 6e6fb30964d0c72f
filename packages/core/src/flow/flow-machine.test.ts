import { describe, expect, it } from 'vitest'
import type { StartVerificationResponse } from '../adapters/contract'
import { flowIgnoredEvents } from './flow-ignored-events'
import { FLOW_EVENT_TYPES, FLOW_STATUSES, flowGuards, flowMachine, machine, type FlowEffect, type FlowEventType } from './flow-machine'
import { initialFlowState } from './initial-flow-state'
import type { FlowCommand, FlowEvent, FlowState, FlowStatus, SentVerification } from './flow-state'

const T0 = Date.UTC(2026, 0, 1, 12)
const verification: SentVerification = { id: 'VE1', to: '+233241234567', channel: 'sms', codeLength: 6, expiresAt: T0 + 600_000, resendAt: T0 + 30_000, attemptsLeft: 5, skewMs: 0 }
const response: StartVerificationResponse = {
  id: 'VE1',
  to: '+233241234567',
  channel: 'sms',
  status: 'pending',
  codeLength: 6,
  serverTime: new Date(T0).toISOString(),
  expiresAt: new Date(T0 + 600_000).toISOString(),
  resendAt: new Date(T0 + 30_000).toISOString(),
  attemptsLeft: 5,
}

/** One representative state per status. */
const STATES: Record<FlowStatus, FlowState> = {
  idle: { status: 'idle', to: '+233241234567', channel: 'sms' },
  sending: { status: 'sending', intent: 'start', to: '+233241234567', channel: 'sms' },
  code_sent: { status: 'code_sent', to: '+233241234567', channel: 'sms', verification, code: '12345' },
  checking: { status: 'checking', to: '+233241234567', channel: 'sms', verification, code: '123456' },
  verified: { status: 'verified', to: '+233241234567', channel: 'sms', verification },
  expired: { status: 'expired', to: '+233241234567', channel: 'sms', verification },
  locked: { status: 'locked', to: '+233241234567', channel: 'sms', verification: { ...verification, attemptsLeft: 0 } },
  failed: { status: 'failed', to: '+233241234567', channel: 'sms', verification, error: { code: 'not_found' } },
}

/** One representative event per type, late enough that time-based guards pass. */
const EVENTS: { [T in FlowEventType]: Extract<FlowEvent, { type: T }> } = {
  SET_ADDRESS: { type: 'SET_ADDRESS', to: '+233201234567', at: T0 + 700_000 },
  SET_COUNTRY: { type: 'SET_COUNTRY', country: 'NG', at: T0 + 700_000 },
  SUBMIT: { type: 'SUBMIT', at: T0 + 700_000 },
  TYPE_CODE: { type: 'TYPE_CODE', code: '123456', at: T0 + 700_000 },
  CHECK: { type: 'CHECK', at: T0 + 700_000 },
  RESEND: { type: 'RESEND', at: T0 + 700_000 },
  SWITCH_CHANNEL: { type: 'SWITCH_CHANNEL', channel: 'call', at: T0 + 700_000 },
  REFRESH: { type: 'REFRESH', at: T0 + 700_000 },
  CHANGE_ADDRESS: { type: 'CHANGE_ADDRESS', at: T0 + 700_000 },
  RESET: { type: 'RESET', at: T0 + 700_000 },
  EXPIRE: { type: 'EXPIRE', at: T0 + 700_000 },
  START_DONE: { type: 'START_DONE', response, at: T0 },
  START_FAILED: { type: 'START_FAILED', error: { code: 'rate_limited', retryAt: T0 + 20_000 }, at: T0 },
  CHECK_DONE: { type: 'CHECK_DONE', response: { id: 'VE1', status: 'approved', attemptsLeft: 5 }, at: T0 },
  CHECK_FAILED: { type: 'CHECK_FAILED', error: { code: 'network_error' }, at: T0 },
  STATUS_DONE: { type: 'STATUS_DONE', response: { id: 'VE1', status: 'approved', expiresAt: new Date(T0 + 600_000).toISOString() }, at: T0 },
  STATUS_FAILED: { type: 'STATUS_FAILED', error: { code: 'not_found' }, at: T0 },
  RESTORE: { type: 'RESTORE', state: STATES.code_sent, at: T0 },
}

/** The table, generated from the config: every state × every event. */
const TABLE = FLOW_STATUSES.flatMap((status) => FLOW_EVENT_TYPES.map((type) => [status, type] as const))

describe('flowMachine: the state×event table', () => {
  it('knows every event type and every status', () => {
    expect(new Set(FLOW_EVENT_TYPES).size).toBe(FLOW_EVENT_TYPES.length)
    expect(Object.keys(EVENTS).toSorted()).toEqual([...FLOW_EVENT_TYPES].toSorted())
    expect(Object.keys(flowMachine.states).toSorted()).toEqual([...FLOW_STATUSES].toSorted())
  })

  it.each(TABLE)('%s × %s is either handled or explicitly ignored, never both', (status, type) => {
    const config = flowMachine.states[status]
    const handled = type in config.on
    const ignored = flowIgnoredEvents[status].includes(type)
    expect(handled !== ignored, `${status} × ${type}: handled=${handled} ignored=${ignored}`).toBe(true)
  })

  it.each(TABLE)('%s × %s: an ignored event changes nothing and runs nothing', (status, type) => {
    if (!flowIgnoredEvents[status].includes(type)) return
    const state = STATES[status]
    const step = machine(state, EVENTS[type])
    expect(step.state).toBe(state)
    expect(step.effects).toEqual([])
  })

  it.each(TABLE)('%s × %s: a handled event yields a serializable state whose effects match it', (status, type) => {
    if (!(type in flowMachine.states[status].on)) return
    const step = machine(STATES[status], EVENTS[type])
    expect(JSON.parse(JSON.stringify(step.state))).toEqual(step.state)
    expect(FLOW_STATUSES).toContain(step.state.status)
    for (const effect of step.effects) expect(effectFits(effect, step.state)).toBe(true)
  })

  it('names only guards that exist', () => {
    const named = new Set<string>()
    for (const status of FLOW_STATUSES) {
      for (const handler of Object.values(flowMachine.states[status].on)) {
        for (const branch of Array.isArray(handler) ? handler : [handler]) {
          const guard = (branch as { guard?: string | string[] }).guard
          for (const name of guard === undefined ? [] : typeof guard === 'string' ? [guard] : guard) named.add(name)
        }
      }
    }
    expect([...named].filter((name) => !(name in flowGuards))).toEqual([])
    // Every guard is used somewhere: a guard nobody names is dead code.
    expect(Object.keys(flowGuards).filter((name) => !named.has(name))).toEqual([])
  })
})

/** A request effect is only ever returned with the state that waits for its answer. */
function effectFits(effect: FlowEffect, next: FlowState): boolean {
  switch (effect.type) {
    case 'start':
      return next.status === 'sending'
    case 'check':
      return next.status === 'checking' && effect.code === next.code
    case 'status':
      return next.status === 'code_sent'
    default:
      return true
  }
}

describe('flowMachine: effects are data', () => {
  it('submitting returns a start effect and announces the sending', () => {
    const step = machine(initialFlowState({ locale: 'fr' }), { type: 'SUBMIT', to: ' +233241234567 ', channel: 'call', at: T0 })
    expect(step.effects).toEqual([
      { type: 'start', to: '+233241234567', channel: 'call', locale: 'fr' },
      { type: 'announce', announcement: { kind: 'sending' } },
    ])
  })

  it('a complete new code checks at once with auto-check, and not a code just refused', () => {
    const typed = machine(STATES.code_sent, { type: 'TYPE_CODE', code: '123456', at: T0 })
    expect(typed.state).toMatchObject({ status: 'checking', code: '123456' })
    expect(typed.effects[0]).toEqual({ type: 'check', id: 'VE1', code: '123456' })
    expect(machine(STATES.code_sent, { type: 'TYPE_CODE', code: '123456', at: T0 }, { autoCheck: false }).state).toMatchObject({ status: 'code_sent', code: '123456' })
    // A code guessed out of a pasted text fills the field but is never checked by itself.
    const guessed = machine(STATES.code_sent, { type: 'TYPE_CODE', code: '123456', guessed: true, at: T0 })
    expect(guessed.state).toMatchObject({ status: 'code_sent', code: '123456' })
    expect(guessed.effects).not.toContainEqual(expect.objectContaining({ type: 'check' }))

    const refused = machine(STATES.checking, { type: 'CHECK_DONE', response: { id: 'VE1', status: 'pending', attemptsLeft: 4 }, at: T0 }).state
    expect(refused).toMatchObject({ status: 'code_sent', code: '', tried: '123456', error: { code: 'wrong_code', attemptsLeft: 4 } })
    const retyped = machine(refused, { type: 'TYPE_CODE', code: '123456', at: T0 })
    expect(retyped.state).toMatchObject({ status: 'code_sent', code: '123456', error: { code: 'already_tried' } })
    // Said once, not checked.
    expect(retyped.effects).toEqual([{ type: 'announce', announcement: { kind: 'error', error: { code: 'already_tried' } } }])
    // The Verify button still checks it if the user insists.
    expect(machine(retyped.state, { type: 'CHECK', at: T0 }).effects[0]).toEqual({ type: 'check', id: 'VE1', code: '123456' })
  })

  it('RESTORE goes through the validSnapshot guard and re-reads a sent code', () => {
    const idle = initialFlowState()
    expect(machine(idle, { type: 'RESTORE', state: { status: 'code_sent', to: 'x', channel: 'sms' } as unknown as FlowState, at: T0 }).state).toBe(idle)
    const restored = machine(idle, { type: 'RESTORE', state: STATES.checking, at: T0 })
    expect(restored.state).toMatchObject({ status: 'code_sent', code: '123456' })
    expect(restored.effects).toEqual([{ type: 'cancel' }, { type: 'status', id: 'VE1' }])
  })

  it('a stored snapshot is trusted only if every rule holds (storage is shared with the origin\'s scripts)', () => {
    const valid = (snapshot: unknown) => flowGuards.validSnapshot(STATES.idle, { type: 'RESTORE', state: snapshot as FlowState, at: T0 })
    // Every representative state, and the optional parts each may carry.
    expect(Object.values(STATES).filter((state) => !valid(state)).map((state) => state.status)).toEqual([])
    expect(valid({ ...STATES.idle, locale: 'fr', kept: [verification], error: { code: 'rate_limited' } })).toBe(true)
    expect(valid({ ...STATES.failed, verification: undefined })).toBe(true)
    expect(valid({ ...STATES.code_sent, verification: { ...verification, delivery: 'delivered' } })).toBe(true)
    // One rule broken at a time.
    const broken: [string, unknown][] = [
      ['not an object', 'code_sent'],
      ['null', null],
      ['an unknown status', { ...STATES.idle, status: 'hacked' }],
      ['an address that is not text', { ...STATES.idle, to: 1 }],
      ['an unknown channel', { ...STATES.idle, channel: 'fax' }],
      ['a locale that is not text', { ...STATES.idle, locale: 1 }],
      ['kept codes that are not a list', { ...STATES.idle, kept: verification }],
      ['a kept code that is not a verification', { ...STATES.idle, kept: [verification, { id: 'VE2' }] }],
      ['a code step with no verification', { ...STATES.code_sent, verification: undefined }],
      ['a verified state with no verification', { ...STATES.verified, verification: undefined }],
      ['a verification with a number that is not finite', { ...STATES.expired, verification: { ...verification, skewMs: Number.NaN } }],
      ['a verification with a number given as text', { ...STATES.expired, verification: { ...verification, expiresAt: String(T0) } }],
      ['a verification with an unknown delivery', { ...STATES.code_sent, verification: { ...verification, delivery: 'lost' } }],
      ['a verification with an unknown channel', { ...STATES.locked, verification: { ...verification, channel: 'fax' } }],
      ['a code step with no code', { ...STATES.checking, code: undefined }],
      ['a resend with an unknown intent', { ...STATES.sending, verification, intent: 'steal' }],
      ['a failed state with no error', { ...STATES.failed, error: undefined }],
      ['a failed state whose error has no code', { ...STATES.failed, verification: undefined, error: { message: 'x' } }],
    ]
    expect(broken.filter(([, snapshot]) => valid(snapshot)).map(([why]) => why)).toEqual([])
  })

  it('walking away from a request cancels it', () => {
    expect(machine(STATES.sending, { type: 'CHANGE_ADDRESS', at: T0 }).effects).toEqual([{ type: 'cancel' }])
    expect(machine(STATES.checking, { type: 'RESET', at: T0 }).effects).toEqual([{ type: 'cancel' }])
  })

  it('the draft keeps one address per kind of channel and the country', () => {
    let state: FlowState = initialFlowState({ country: 'GH' })
    const step = (event: FlowCommand) => (state = machine(state, { ...event, at: T0 }).state)
    step({ type: 'SET_ADDRESS', to: '+233241234567', country: 'GH' })
    step({ type: 'SWITCH_CHANNEL', channel: 'email' })
    expect(state).toMatchObject({ channel: 'email', to: '', aside: '+233241234567', country: 'GH' })
    step({ type: 'SET_ADDRESS', to: 'ama@example.com' })
    step({ type: 'SWITCH_CHANNEL', channel: 'call' })
    expect(state).toMatchObject({ channel: 'call', to: '+233241234567', aside: 'ama@example.com' })
    step({ type: 'SET_COUNTRY', country: 'NG' })
    expect(state.country).toBe('NG')
  })

  it('editing the address clears the error it had', () => {
    const refused = machine(STATES.sending, { type: 'START_FAILED', error: { code: 'rate_limited', retryAt: T0 + 20_000 }, at: T0 }).state
    expect(refused).toMatchObject({ status: 'idle', error: { code: 'rate_limited' } })
    expect(machine(refused, { type: 'SET_ADDRESS', to: '+233201234567', at: T0 }).state).toEqual({ status: 'idle', to: '+233201234567', channel: 'sms' })
  })
})
