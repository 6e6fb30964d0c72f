import { CHANNELS, type Channel } from './contract'
import type { FlowCommand, FlowError, FlowEvent, FlowResult, FlowState, SentVerification } from './flow-state'
import { isHakikiError } from './hakiki-error'
import { isCompleteCode } from './normalize-code'
import { initialFlowState, serverNow, transition } from './transition'
import type { VerificationAdapter } from './verification-adapter'

/** Options of {@link createVerificationFlow}. */
export interface VerificationFlowOptions {
  /** The backend: `createProxyAdapter()` or `createMemoryAdapter()`. */
  adapter: VerificationAdapter
  /** Client clock in epoch ms; default `Date.now`. */
  now?: () => number
  /** Channel of the first send; default `sms`. */
  channel?: Channel
  /** BCP-47 tag of the message (`fr`, `pt-BR`); default the proxy's (`en`). */
  locale?: string
  /** Check as soon as the typed code is complete; default true. */
  autoCheck?: boolean
  /**
   * Runs `callback` after `ms` and returns a cancel function; default `setTimeout`. The flow uses
   * it for one timer only: moving to `expired` when the code's lifetime ends. Inject one in tests.
   */
  schedule?: (callback: () => void, ms: number) => () => void
}

/** A running flow: an external store for `useSyncExternalStore`, plus commands. */
export interface VerificationFlow {
  /** The current state; the same object until something changes. */
  getSnapshot(): FlowState
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Sends a command; requests it implies run in the background. */
  send(command: FlowCommand): void
  /**
   * Resumes from a snapshot kept across a reload (e.g. `JSON.parse(sessionStorage…)`), without
   * sending another code: a sent code comes back as `code_sent` and its status is re-read from the
   * server; a start interrupted mid-flight (its answer lost with the page) is posted again, which
   * the proxy refuses with `rate_limited` inside the cooldown if the first one went out, so at most
   * one code is sent either way. Returns false (and changes nothing) for an invalid snapshot.
   */
  resume(snapshot: unknown): boolean
  /** Re-reads the status of the sent verification (e.g. when the tab becomes visible again). */
  refresh(): Promise<void>
  /** Aborts requests in flight and clears the timer; the flow ignores answers afterwards. */
  destroy(): void
}

const defaultSchedule = (callback: () => void, ms: number): (() => void) => {
  const id = setTimeout(callback, ms)
  return () => clearTimeout(id)
}

/**
 * Creates the store that runs one verification: it feeds commands to the pure {@link transition},
 * calls the adapter when the state asks for it (entering `sending` or `checking`), drops answers
 * that no longer apply (the user changed the address meanwhile), and fires `EXPIRE` when the code's
 * lifetime ends on the server's clock.
 */
export function createVerificationFlow(options: VerificationFlowOptions): VerificationFlow {
  const { adapter } = options
  const now = options.now ?? Date.now
  const schedule = options.schedule ?? defaultSchedule
  const autoCheck = options.autoCheck ?? true
  let state: FlowState = initialFlowState({ channel: options.channel, locale: options.locale })
  const listeners = new Set<() => void>()
  let inflight: { controller: AbortController; status: 'sending' | 'checking' | 'code_sent' } | undefined
  let timer: { key: string; cancel: () => void } | undefined
  let destroyed = false

  function dispatch(event: FlowCommand | FlowResult): void {
    if (destroyed) return
    const previous = state
    const next = transition(previous, { ...event, at: now() } as FlowEvent)
    if (Object.is(next, previous)) return
    state = next
    if (inflight && inflight.status !== next.status) {
      inflight.controller.abort()
      inflight = undefined
    }
    syncTimer(next)
    if (next.status === 'sending' && previous.status !== 'sending') void runStart(next)
    if (next.status === 'checking' && previous.status !== 'checking') void runCheck(next.verification.id, next.code)
    for (const listener of listeners) listener()
  }

  /** Runs a request; its answer is dispatched only if it is still the one the state waits for. */
  async function run<T>(status: 'sending' | 'checking' | 'code_sent', request: (signal: AbortSignal) => Promise<T>, done: (value: T) => FlowResult, failed: (error: FlowError) => FlowResult): Promise<void> {
    inflight?.controller.abort()
    const op = { controller: new AbortController(), status }
    inflight = op
    let result: FlowResult
    try {
      result = done(await request(op.controller.signal))
    } catch (error) {
      if (op.controller.signal.aborted) return
      result = failed(toFlowError(error, now()))
    }
    if (inflight !== op) return
    inflight = undefined
    dispatch(result)
  }

  function runStart(sending: Extract<FlowState, { status: 'sending' }>): Promise<void> {
    const to = sending.verification?.to ?? sending.to.trim()
    return run(
      'sending',
      (signal) => adapter.start({ to, channel: sending.channel, ...(sending.locale ? { locale: sending.locale } : {}) }, { signal }),
      (response) => ({ type: 'START_DONE', response }),
      (error) => ({ type: 'START_FAILED', error }),
    )
  }

  function runCheck(id: string, code: string): Promise<void> {
    return run(
      'checking',
      (signal) => adapter.check(id, code, { signal }),
      (response) => ({ type: 'CHECK_DONE', response }),
      (error) => ({ type: 'CHECK_FAILED', error }),
    )
  }

  /** One timer, for the verification on screen: fires `EXPIRE` when the server says the code dies. */
  function syncTimer(next: FlowState): void {
    const verification = next.status === 'code_sent' ? next.verification : undefined
    const key = verification ? `${verification.id}@${verification.expiresAt}` : ''
    if (timer?.key === key) return
    timer?.cancel()
    timer = undefined
    if (!verification) return
    const ms = Math.max(0, verification.expiresAt - serverNow(verification, now()))
    timer = { key, cancel: schedule(() => dispatch({ type: 'EXPIRE' }), ms) }
  }

  function send(command: FlowCommand): void {
    const before = state
    dispatch(command)
    if (
      autoCheck &&
      command.type === 'TYPE_CODE' &&
      state !== before &&
      state.status === 'code_sent' &&
      !state.error &&
      isCompleteCode(state.code, state.verification.codeLength)
    ) {
      dispatch({ type: 'CHECK' })
    }
  }

  async function refresh(): Promise<void> {
    if (state.status !== 'code_sent' || inflight) return
    const { id } = state.verification
    await run(
      'code_sent',
      (signal) => adapter.status(id, { signal }),
      (response) => ({ type: 'STATUS_DONE', response }),
      (error) => ({ type: 'STATUS_FAILED', error }),
    )
  }

  function resume(snapshot: unknown): boolean {
    if (destroyed || !isFlowState(snapshot)) return false
    inflight?.controller.abort()
    inflight = undefined
    let restored: FlowState = snapshot
    if (snapshot.status === 'checking') {
      // The check's answer was lost with the page; the user checks again (codes are not single-try).
      restored = { ...snapshot, status: 'code_sent' }
    } else if (snapshot.status === 'sending' && snapshot.verification) {
      // A resend may or may not have gone out; show the code screen rather than risk a paid SMS.
      const { intent: _intent, ...rest } = snapshot
      restored = { ...rest, status: 'code_sent', channel: snapshot.verification.channel, verification: snapshot.verification, code: '' }
    }
    if (Object.is(restored, state)) return true
    // RESTORE from any state: force the effects of entering it (a `sending` snapshot posts again).
    state = initialFlowState()
    dispatch({ type: 'RESTORE', state: restored })
    void refresh()
    return true
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send,
    resume,
    refresh,
    destroy() {
      destroyed = true
      inflight?.controller.abort()
      inflight = undefined
      timer?.cancel()
      timer = undefined
      listeners.clear()
    },
  }
}

/** Turns whatever an adapter threw into serializable error data. */
function toFlowError(error: unknown, at: number): FlowError {
  if (!isHakikiError(error)) return { code: 'network_error' }
  return {
    code: error.code,
    ...(error.retryAfter === undefined ? {} : { retryAt: at + error.retryAfter * 1000 }),
    ...(error.attemptsLeft === undefined ? {} : { attemptsLeft: error.attemptsLeft }),
    ...(error.detail === undefined ? {} : { detail: error.detail }),
  }
}

const STATUSES: ReadonlySet<string> = new Set(['idle', 'sending', 'code_sent', 'checking', 'verified', 'expired', 'locked', 'failed'])

/** Checks a snapshot from storage before trusting it: storage is shared with every script of the origin. */
function isFlowState(value: unknown): value is FlowState {
  if (typeof value !== 'object' || value === null) return false
  const s = value as Record<string, unknown>
  if (typeof s.status !== 'string' || !STATUSES.has(s.status) || typeof s.to !== 'string' || !CHANNELS.includes(s.channel as Channel)) return false
  if (s.locale !== undefined && typeof s.locale !== 'string') return false
  const needsVerification = s.status !== 'idle' && s.status !== 'sending' && s.status !== 'failed'
  if (s.verification === undefined) return !needsVerification && (s.status !== 'failed' || isError(s.error))
  if (!isVerification(s.verification)) return false
  if ((s.status === 'code_sent' || s.status === 'checking') && typeof s.code !== 'string') return false
  if (s.status === 'sending' && s.intent !== 'start' && s.intent !== 'resend' && s.intent !== 'switch_channel') return false
  return s.status !== 'failed' || isError(s.error)
}

function isVerification(value: unknown): value is SentVerification {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.id === 'string' &&
    typeof v.to === 'string' &&
    CHANNELS.includes(v.channel as Channel) &&
    [v.codeLength, v.expiresAt, v.resendAt, v.attemptsLeft, v.skewMs].every((n) => typeof n === 'number' && Number.isFinite(n))
  )
}

function isError(value: unknown): value is FlowError {
  return typeof value === 'object' && value !== null && typeof (value as FlowError).code === 'string'
}
