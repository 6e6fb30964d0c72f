import type { Channel } from '../adapters/contract'
import type { PhoneCountryCode } from '../phone/offered-phone-countries'
import { toClientTime } from './client-time'
import { flowMachine, machine, type FlowAnnouncement, type FlowEffect } from './flow-machine'
import { initialFlowState } from './initial-flow-state'
import type { FlowCommand, FlowError, FlowEvent, FlowResult, FlowState, VerifiedState } from './flow-state'
import { isHakikiError } from '../adapters/hakiki-error'
import type { VerificationAdapter } from '../adapters/verification-adapter'

/** Options of {@link createVerificationFlow}. */
export interface VerificationFlowOptions {
  /** The backend: `createProxyAdapter()` or `createMemoryAdapter()`. */
  adapter: VerificationAdapter
  /** Client clock in epoch ms; default `Date.now`. */
  now?: () => number
  /** Channel of the first send; default `sms`. */
  channel?: Channel
  /** The country national phone numbers are read in at first. */
  country?: PhoneCountryCode
  /** BCP-47 tag of the message (`fr`, `pt-BR`); default the proxy's (`en`). */
  locale?: string
  /** Check as soon as a new complete code is typed (not one the server just refused); default true. */
  autoCheck?: boolean
  /** The state to start from instead of an empty address (not checked; use `resume` for stored snapshots). */
  initialState?: FlowState
  /**
   * Runs `callback` after `ms` and returns a cancel function; default `setTimeout`. The flow uses
   * it for one timer only: moving to `expired` when the code's lifetime ends. Inject one in tests.
   */
  schedule?: (callback: () => void, ms: number) => () => void
  /** Called after every change of the state (where a code went, errors, the outcome). */
  onStateChange?: ((state: FlowState) => void) | undefined
  /** Called once per verified verification, with the receipt for the app's sign-up handler. */
  onVerified?: ((state: VerifiedState) => void) | undefined
  /**
   * Keeps the flow in `storage` under `key`, so a reload resumes it without sending another code:
   * the stored snapshot is resumed when this option is set, and every change is written (an empty
   * address removes it). A snapshot that cannot be read is dropped. Set it after mount
   * (`setOptions`) where the storage exists only in the browser.
   */
  persist?: FlowPersistence | undefined
}

/**
 * The part of the Web Storage API a flow uses (`sessionStorage` fits). Spelled out rather than
 * `Pick<Storage, …>`: core's declarations must type-check in a Node server without the DOM lib.
 */
export interface FlowStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Where a flow is kept across reloads: a {@link FlowStorage} (`sessionStorage`) and the key. */
export interface FlowPersistence {
  /** The storage; `sessionStorage` in a browser. */
  storage: FlowStorage
  /** The key the snapshot is kept under. */
  key: string
}

/** The options {@link VerificationFlowStore.setOptions} can change while the flow runs. */
export type VerificationFlowLiveOptions = Pick<VerificationFlowOptions, 'onStateChange' | 'onVerified' | 'persist' | 'autoCheck'>

/** The last thing to say to screen-reader users; `id` grows with each, so a repeated text is read again. */
export interface FlowAnnouncementEntry {
  id: number
  announcement: FlowAnnouncement
}

/** A running flow: an external store for `useSyncExternalStore`, plus commands. */
export interface VerificationFlowStore {
  /** The current state; the same object until something changes. */
  getSnapshot(): FlowState
  /** The last announcement the machine asked for (changes notify like the state). */
  getAnnouncement(): FlowAnnouncementEntry | undefined
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
  /**
   * Puts `state` in place without running effects or notifying: for controlled use, where the app
   * holds the state and passes it back (`useVerificationFlow({ state, onStateChange })`).
   */
  setState(state: FlowState): void
  /**
   * Changes the callbacks, `autoCheck` or the persistence while the flow runs (a framework binding
   * passes its latest props on every render). A new `persist` key resumes what it holds.
   */
  setOptions(options: VerificationFlowLiveOptions): void
  /** Aborts requests in flight and clears the timer; the flow ignores answers afterwards. */
  destroy(): void
}

/** Time between two status reads while the provider says the message is on its way. */
export const DELIVERY_POLL_MS = 3000
/** Status reads per sent code while its message is on its way: a minute at most. */
export const DELIVERY_POLLS = 20

const defaultSchedule = (callback: () => void, ms: number): (() => void) => {
  const id = setTimeout(callback, ms)
  return () => clearTimeout(id)
}

/**
 * Creates the store that runs one verification: it feeds events to the pure {@link machine} and
 * runs the effects it returns (requests to the adapter, cancellation, announcements) and the
 * activities the current state declares (the expiry timer). An answer is dispatched only while its
 * request is the one in flight, so a late answer after "change number" is dropped.
 */
export function createVerificationFlow(options: VerificationFlowOptions): VerificationFlowStore {
  const { adapter } = options
  const now = options.now ?? Date.now
  const schedule = options.schedule ?? defaultSchedule
  const machineOptions = { autoCheck: options.autoCheck ?? true }
  let live: VerificationFlowLiveOptions = {}
  /** The verification `onVerified` was last called for: once per verified verification. */
  let verifiedId: string | undefined
  let state: FlowState = options.initialState ?? initialFlowState({ channel: options.channel, locale: options.locale, country: options.country })
  let announcement: FlowAnnouncementEntry | undefined
  const listeners = new Set<() => void>()
  let inflight: AbortController | undefined
  let timer: { key: string; cancel: () => void } | undefined
  let poll: { key: string; cancel: () => void } | undefined
  /** Status reads made per verification for its delivery, bounded by {@link DELIVERY_POLLS}. */
  const polls = new Map<string, number>()
  let destroyed = false

  /** Runs one event through the machine; returns the promises of the requests it started. */
  function dispatch(event: FlowCommand | FlowResult): Promise<void>[] {
    if (destroyed) return []
    const previous = state
    const step = machine(previous, { ...event, at: now() } as FlowEvent, machineOptions)
    state = step.state
    const requests = step.effects.map(run).filter((p): p is Promise<void> => p !== undefined)
    syncActivities()
    if (!Object.is(state, previous) || step.effects.some((e) => e.type === 'announce')) notify(!Object.is(state, previous))
    return requests
  }

  /** Tells the listeners; on a new state, the app's callbacks and the storage too. */
  function notify(changed: boolean): void {
    for (const listener of listeners) listener()
    if (!changed || destroyed) return
    live.onStateChange?.(state)
    write()
    if (state.status === 'verified' && state.verification.id !== verifiedId) {
      verifiedId = state.verification.id
      live.onVerified?.(state)
    }
  }

  /** Writes the state to the storage (an empty address removes it). */
  function write(): void {
    const persist = live.persist
    if (!persist) return
    try {
      if (state.status === 'idle' && state.to === '') persist.storage.removeItem(persist.key)
      else persist.storage.setItem(persist.key, JSON.stringify(state))
    } catch {
      // A full or refused storage loses the resume after a reload, never the flow itself.
    }
  }

  /** Resumes what the storage holds under the persistence's key. */
  function readPersisted(persist: FlowPersistence): void {
    try {
      const saved = persist.storage.getItem(persist.key)
      if (saved) store.resume(JSON.parse(saved))
    } catch {
      try {
        persist.storage.removeItem(persist.key) // unreadable snapshot: start clean
      } catch {
        // Nothing more to do without a storage.
      }
    }
  }

  function run(effect: FlowEffect): Promise<void> | undefined {
    switch (effect.type) {
      case 'cancel':
        inflight?.abort()
        inflight = undefined
        return undefined
      case 'announce':
        announcement = { id: (announcement?.id ?? 0) + 1, announcement: effect.announcement }
        return undefined
      case 'start': {
        const { type: _type, ...body } = effect
        return request(
          (signal) => adapter.start(body, { signal }),
          (response) => ({ type: 'START_DONE', response }),
          (error) => ({ type: 'START_FAILED', error }),
        )
      }
      case 'check':
        return request(
          (signal) => adapter.check(effect.id, effect.code, { signal }),
          (response) => ({ type: 'CHECK_DONE', response }),
          (error) => ({ type: 'CHECK_FAILED', error }),
        )
      case 'status':
        return request(
          (signal) => adapter.status(effect.id, { signal }),
          (response) => ({ type: 'STATUS_DONE', response }),
          (error) => ({ type: 'STATUS_FAILED', error }),
        )
    }
  }

  /** One request at a time: a new one aborts the one in flight, whose answer is then dropped. */
  async function request<T>(call: (signal: AbortSignal) => Promise<T>, done: (value: T) => FlowResult, failed: (error: FlowError) => FlowResult): Promise<void> {
    inflight?.abort()
    const controller = new AbortController()
    inflight = controller
    let result: FlowResult
    try {
      result = done(await call(controller.signal))
    } catch (error) {
      if (controller.signal.aborted) return
      result = failed(toFlowError(error, now()))
    }
    if (inflight !== controller) return
    inflight = undefined
    dispatch(result)
  }

  /** Starts and stops what the current state declares in `activities`: the expiry timer, the delivery poll. */
  function syncActivities(): void {
    const activities = flowMachine.states[state.status].activities ?? []
    syncDeliveryPoll(activities.includes('deliveryPoll'))
    const verification = activities.includes('expiryTimer') && 'verification' in state ? state.verification : undefined
    const key = verification ? `${verification.id}@${verification.expiresAt}` : ''
    if (timer?.key === key) return
    timer?.cancel()
    timer = undefined
    if (!verification) return
    const ms = Math.max(0, toClientTime(verification, verification.expiresAt) - now())
    timer = { key, cancel: schedule(() => void dispatch({ type: 'EXPIRE' }), ms) }
  }

  /**
   * While the provider says the message is still on its way (`queued`, `sent`), the status is
   * read again every {@link DELIVERY_POLL_MS}, {@link DELIVERY_POLLS} times at most per code, so
   * the code step can say "Delivered" or offer a call when it never arrives.
   */
  function syncDeliveryPoll(active: boolean): void {
    const verification = active && state.status === 'code_sent' ? state.verification : undefined
    const onItsWay = verification?.delivery === 'queued' || verification?.delivery === 'sent'
    const count = verification ? (polls.get(verification.id) ?? 0) : 0
    const key = verification && onItsWay && count < DELIVERY_POLLS ? `${verification.id}#${count}` : ''
    if (poll?.key === key) return
    poll?.cancel()
    poll = undefined
    if (!verification || key === '') return
    const id = verification.id
    poll = {
      key,
      cancel: schedule(() => {
        polls.set(id, count + 1)
        poll = undefined
        // A request in flight (a check) skips this read; the next one is scheduled all the same.
        if (state.status === 'code_sent' && !inflight) void store.refresh()
        else syncActivities()
      }, DELIVERY_POLL_MS),
    }
  }

  const store: VerificationFlowStore = {
    getSnapshot: () => state,
    getAnnouncement: () => announcement,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send(command) {
      dispatch(command)
    },
    resume(snapshot) {
      if (destroyed) return false
      const before = state
      // RESTORE goes through the machine's `validSnapshot` guard like any other event.
      dispatch({ type: 'RESTORE', state: snapshot as FlowState })
      return state !== before || Object.is(snapshot, before)
    },
    setState(next) {
      if (destroyed || Object.is(next, state)) return
      state = next
      syncActivities()
    },
    async refresh() {
      if (state.status !== 'code_sent' || inflight) return
      await Promise.all(dispatch({ type: 'REFRESH' }))
    },
    setOptions(next) {
      const before = live.persist
      live = next
      if (next.autoCheck !== undefined) machineOptions.autoCheck = next.autoCheck
      if (destroyed || !next.persist || (before?.key === next.persist.key && before.storage === next.persist.storage)) return
      readPersisted(next.persist)
    },
    destroy() {
      destroyed = true
      inflight?.abort()
      inflight = undefined
      timer?.cancel()
      timer = undefined
      poll?.cancel()
      poll = undefined
      listeners.clear()
    },
  }
  store.setOptions({
    onStateChange: options.onStateChange,
    onVerified: options.onVerified,
    persist: options.persist,
    ...(options.autoCheck === undefined ? {} : { autoCheck: options.autoCheck }),
  })
  return store
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
