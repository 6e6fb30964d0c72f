import type { FlowState } from '@hakiki/core'
import { useEffect, useState } from 'react'
import type { DemoConfig } from './demo-config'
import { addFault, advanceClock, clearFaults, countQueuedFaults, type SandboxFault } from './sandbox-controls'

/** One button of the panel: what it arms, and what the reviewer should then see. */
interface FaultAction {
  id: string
  label: string
  /** Said once armed: what to do next and what the flow should show. */
  armed: string
  /** Said instead when the proxy talks to Twilio Verify, where the same fault plays out differently. */
  armedTwilio?: string
  run: () => Promise<void>
}

const fault = (f: SandboxFault) => () => addFault(f)

/** The error paths a reviewer can trigger, each through the sandbox, never by faking the page. */
export const FAULT_ACTIONS: readonly FaultAction[] = [
  { id: 'server-error', label: 'Server error', armed: 'The next send fails with a server error (500). Send a code to see it.', run: fault({ operation: 'create', status: 500 }) },
  {
    id: 'token-rejected',
    label: 'Token rejected',
    // The client refreshes its token and retries once after a 401, so two 401s reach the user.
    armed: 'The next send is refused twice with 401, even after a fresh token. Send a code to see it.',
    // Twilio has no token to refresh or retry with: each 401 (Twilio error 20003) fails one send.
    armedTwilio: 'The next two sends are refused with 401 (Twilio has no token to refresh, so each one fails). Send a code, then send again, to see it.',
    run: fault({ operation: 'create', status: 401, times: 2 }),
  },
  { id: 'not-found', label: 'Verification lost', armed: 'The next code check answers 404. Type a code to see it.', run: fault({ operation: 'verify', status: 404 }) },
  {
    id: 'proxy-auth',
    label: 'Proxy auth required',
    armed: 'The next send fails with 407 (a proxy refused us). Send a code to see it.',
    // Node's fetch, which the Twilio provider uses, turns a 407 into a network error: the flow says the service is busy.
    armedTwilio: 'The next send fails with 407 (a proxy refused us); Node’s fetch turns that into a network error, so the flow says the service is busy. Send a code to see it.',
    run: fault({ operation: 'create', status: 407 }),
  },
  { id: 'slow-network', label: 'Slow network', armed: 'The next send takes 3 seconds. Send a code to see it.', run: fault({ operation: 'create', delayMs: 3000 }) },
  { id: 'expire-code', label: 'Expire the code', armed: 'The clock moved 10 minutes on: the code just sent has expired. Type it to see it.', run: () => advanceClock(601) },
]

/** Props of {@link FaultsPanel}. */
export interface FaultsPanelProps {
  /** What the proxy talks to: the hints say what that provider makes of each fault. */
  provider: DemoConfig['provider']
  /** The flow's state, so that a note about one code goes when the flow has moved past that code. */
  flow?: FlowState
}

const IDLE = 'No fault armed: everything works.'

/** The code the flow is at (its verification's id), `''` before any. */
const codeOf = (flow: FlowState | undefined): string => (flow && 'verification' in flow ? (flow.verification?.id ?? '') : '')

/**
 * A small panel to try each error path: it queues a fault in the sandbox (or moves the shared
 * clock), then the reviewer uses the form and sees how the kit handles it.
 */
export function FaultsPanel({ provider, flow }: FaultsPanelProps) {
  const [status, setStatus] = useState(IDLE)
  // "Expire the code" moved the clock for the code the flow was at: its note describes the screen
  // until the flow is at another code (a new one sent, or the address changed) or verified.
  const [expiredAt, setExpiredAt] = useState<{ code: string; verified: boolean }>()
  const code = codeOf(flow)
  const verified = flow?.status === 'verified'
  // Bumped each time a fault is queued: the effect below then watches the sandbox until it is spent.
  const [armed, setArmed] = useState(0)
  const act = async (run: () => Promise<void>, message: string, queuesFault: boolean, expires = false) => {
    try {
      await run()
      setStatus(message)
      setArmed(queuesFault ? (n) => n + 1 : 0)
      setExpiredAt(expires ? { code, verified } : undefined)
    } catch {
      setStatus('The sandbox did not answer. Is the demo server still running?')
    }
  }
  useEffect(() => {
    if (armed === 0) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    // Polling, not the message stream: a spent fault sends no message (that is the point of it).
    const check = async () => {
      const left = await countQueuedFaults().catch(() => 1)
      if (stopped) return
      if (left === 0) setStatus('That fault has been used: everything works again.')
      else timer = setTimeout(() => void check(), 1000)
    }
    timer = setTimeout(() => void check(), 1000)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [armed])
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect: the
  // stale note never reaches the screen, and a kept code the flow returns to later does not bring it back.
  if (expiredAt && (code !== expiredAt.code || (verified && !expiredAt.verified))) {
    setExpiredAt(undefined)
    setStatus(IDLE)
  }
  return (
    <section className="demo-card demo-faults" aria-labelledby="faults-title" lang="en">
      <h2 id="faults-title">Try the error paths</h2>
      {provider === 'engine' ? (
        <p className="demo-muted">
          Own delivery: the proxy makes and sends codes itself, so the sandbox API's faults do not apply. Send an SMS to a number ending in 0000: the demo's carrier reports it undelivered.
        </p>
      ) : (
        <p className="demo-muted">Each button changes the sandbox, not the page. Then use the form.</p>
      )}
      <div className="demo-fault-buttons">
        {(provider === 'engine' ? FAULT_ACTIONS.filter((action) => action.id === 'expire-code') : FAULT_ACTIONS).map((action) => (
          <button key={action.id} type="button" className="demo-button" data-fault={action.id} onClick={() => void act(action.run, (provider === 'twilio' && action.armedTwilio) || action.armed, action.id !== 'expire-code', action.id === 'expire-code')}>
            {action.label}
          </button>
        ))}
        <button type="button" className="demo-button demo-button-quiet" onClick={() => void act(clearFaults, 'Faults cleared: everything works.', false)}>
          Clear faults
        </button>
      </div>
      <output className="demo-fault-status">{status}</output>
    </section>
  )
}
