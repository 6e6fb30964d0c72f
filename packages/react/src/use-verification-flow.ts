import {
  connectVerificationFlow,
  createVerificationFlow,
  type Channel,
  type PhoneCountryCode,
  type FlowState,
  type VerificationFlowApi,
  type VerificationFlowStore,
  type VerifiedState,
} from '@hakiki/core'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useHasPassed } from './use-clock'
import { useIsoLayoutEffect } from './use-iso-layout-effect'
import { useLatestRef } from './use-latest-ref'
import { useVerificationContext } from './use-verification-context'

/** Options of {@link useVerificationFlow}; read when the flow is created, except the callbacks, `locale`, `channels` and `state`. */
export interface UseVerificationFlowOptions {
  /** Channel of the first send; default `sms`. */
  channel?: Channel
  /** The channels offered, in this order (what the channel picker shows). @default every channel */
  channels?: readonly Channel[]
  /** The country national phone numbers are read in at first. */
  country?: PhoneCountryCode
  /** BCP-47 tag of the message (`fr`, `pt-BR`), sent with every submit. */
  locale?: string
  /** Check as soon as a new complete code is typed; default true. */
  autoCheck?: boolean
  /**
   * `sessionStorage` key to keep the flow under, so a reload resumes it instead of sending another
   * code. Off by default. The snapshot holds the address and the typed code, never a receipt secret
   * beyond the tab's own session.
   */
  persistKey?: string
  /** The state of a controlled flow: the app keeps it (from `onStateChange`) and passes it back. */
  state?: FlowState
  /** The state an uncontrolled flow starts from (e.g. one kept by the app); not checked. */
  defaultState?: FlowState
  /** Called after every change of the flow's state (where a code went, errors, the outcome). */
  onStateChange?: (state: FlowState) => void
  /** Called once when the address is verified, with the receipt for your sign-up handler. */
  onVerified?: (state: VerifiedState) => void
}

/** What {@link useVerificationFlow} returns: core's `connectVerificationFlow` API, plus the store. */
export interface UseVerificationFlowResult extends VerificationFlowApi {
  /** The underlying store, for `resume` and `refresh`. */
  flow: VerificationFlowStore
}

// Flows this hook destroyed. React's StrictMode unmounts and remounts effects once in development;
// a flow found here on (re)mount is replaced by a fresh one.
const destroyed = new WeakSet<VerificationFlowStore>()

/**
 * Runs one verification with the flow machine of `@hakiki/core`: address → code sent → verified,
 * with resend, channel switch, change of address, countdown-aware buttons and optional persistence
 * across reloads. The one React binding: the store is read with `useSyncExternalStore`, and what
 * is returned is `connectVerificationFlow(state, send, …)`, the same API a view in any framework
 * gets. Re-renders on state changes, and once when a wait for a new code ends.
 */
export function useVerificationFlow(options: UseVerificationFlowOptions = {}): UseVerificationFlowResult {
  const { adapter, now } = useVerificationContext()
  const latest = useLatestRef(options)
  const create = () =>
    createVerificationFlow({
      adapter,
      now,
      ...(options.channel ? { channel: options.channel } : {}),
      ...(options.country ? { country: options.country } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
      ...(options.autoCheck === undefined ? {} : { autoCheck: options.autoCheck }),
      ...(options.state ?? options.defaultState ? { initialState: options.state ?? options.defaultState } : {}),
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

  // Controlled: the app's state is the truth; put it back into the store before effects run.
  const controlled = options.state
  useIsoLayoutEffect(() => {
    if (controlled) flow.setState(controlled)
  }, [flow, controlled])

  // The callbacks and the persistence are the store's (core calls onVerified once per verified
  // verification and keeps the snapshot); this binding hands it the latest props.
  const { persistKey } = options
  useIsoLayoutEffect(() => {
    const storage = persistKey ? sessionStorageOrNull() : null
    flow.setOptions({
      onStateChange: (next) => latest.current.onStateChange?.(next),
      onVerified: (verified) => latest.current.onVerified?.(verified),
      persist: storage && persistKey && !destroyed.has(flow) ? { storage, key: persistKey } : undefined,
    })
  }, [flow, persistKey, latest])

  const snapshot = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot)
  const announcement = useSyncExternalStore(flow.subscribe, flow.getAnnouncement, flow.getAnnouncement)
  const state = controlled ?? snapshot

  const api = connectVerificationFlow(state, flow.send, {
    now,
    ...(options.channels ? { channels: options.channels } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(announcement ? { announcement } : {}),
  })
  // One timer: re-render when the wait for a new code ends, so the buttons enable themselves.
  useHasPassed(api.waitUntil, 0)
  return { ...api, flow }
}

/** `sessionStorage`, or null where it is missing or throws (SSR, sandboxed iframes, some privacy modes). */
function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}
