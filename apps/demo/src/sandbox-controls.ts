/**
 * The faults panel's calls to the sandbox, through the demo server's `/api/sandbox/*` window on it.
 * Demo-only: a real app has no such endpoints.
 */

/** A fault the sandbox injects into its next calls of `operation` (see the sandbox README). */
export interface SandboxFault {
  operation: 'token' | 'create' | 'get' | 'verify' | 'rates'
  status?: 401 | 404 | 407 | 500
  delayMs?: number
  times?: number
}

async function call(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<void> {
  const response = await fetch(`/api/sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`The sandbox answered ${response.status}`)
}

/** Queues a fault for the next calls of its operation. */
export const addFault = (fault: SandboxFault): Promise<void> => call('POST', 'faults', fault)

/** How many faults the sandbox still has queued (a fault is spent once its `times` calls happened). */
export async function countQueuedFaults(): Promise<number> {
  const response = await fetch('/api/sandbox/faults')
  if (!response.ok) throw new Error(`The sandbox answered ${response.status}`)
  const { faults } = (await response.json()) as { faults?: unknown[] }
  return Array.isArray(faults) ? faults.length : 0
}

/** Removes every queued fault. */
export const clearFaults = (): Promise<void> => call('DELETE', 'faults')

/** Moves the clock the sandbox and the proxy share forward, e.g. past a code's lifetime. */
export const advanceClock = (seconds: number): Promise<void> => call('POST', 'clock', { advanceSeconds: seconds })
