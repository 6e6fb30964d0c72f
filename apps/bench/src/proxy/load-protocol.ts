/**
 * Messages between the bench process (servers, sandbox inbox) and the load process, over the IPC
 * channel of `child_process.fork`. The load runs in its own process so that generating requests
 * does not take event-loop time from the servers being measured.
 */

/** Start+check flows, each for a fresh phone number, with bounded concurrency. */
export interface FlowsJob {
  kind: 'flows'
  /** `proxy`: the browser contract through `@hakiki/proxy`; `direct`: `@hakiki/verify-client` against the sandbox. */
  target: 'proxy' | 'forwarder' | 'direct'
  /** Proxy origin or sandbox base URL. */
  url: string
  /** Flows in progress at once. */
  concurrency: number
  /** Stop after this many flows... */
  maxFlows: number
  /** ...or after this many seconds, whichever comes first. */
  maxSeconds: number
  /** Index of the first phone number (see `benchPhoneNumber`), so phases never share a number. */
  firstNumber: number
}

/** Many concurrent starts through the proxy, one per connection, with autocannon. */
export interface BurstJob {
  kind: 'burst'
  /** Proxy origin. */
  url: string
  /** Concurrent connections, each sending one start. */
  connections: number
  /** Upper bound on the burst's duration. */
  maxSeconds: number
  firstNumber: number
}

/** A job for the load process. */
export type LoadJob = FlowsJob | BurstJob

/** Raw timings of a flows job, in milliseconds. */
export interface FlowsResult {
  kind: 'flows'
  /** Flows that ended approved. */
  completed: number
  /** Flows with an unexpected answer or a transport error. */
  failed: number
  /** First failure, as a status and error code (never a body: it could carry an address). */
  firstFailure?: string
  /** Wall time of the phase. */
  seconds: number
  /** Latency of each start (proxy `POST /verifications`, or the API's create). */
  start: number[]
  /** Latency of each check. */
  check: number[]
  /** Whole flow: start, code lookup over IPC, check. */
  flow: number[]
}

/** Result of a burst job. */
export interface BurstResult {
  kind: 'burst'
  /** Starts sent. */
  sent: number
  /** Answers 201. */
  created: number
  /** Other answers, by status. */
  otherStatuses: Record<string, number>
  /** Transport errors and timeouts. */
  errors: number
  seconds: number
  /** Latency percentiles reported by autocannon (ms). */
  latency: { p50: number; p99: number; max: number }
}

/** Load process → bench process. */
export type WorkerMessage =
  | { type: 'code'; requestId: number; to: string }
  | { type: 'result'; result: FlowsResult | BurstResult }
  | { type: 'error'; message: string }

/** Bench process → load process. */
export type ParentMessage = { type: 'job'; job: LoadJob } | { type: 'code'; requestId: number; code: string | undefined }

/** The `index`-th bench number: Ghanaian mobile numbers `+23324xxxxxxx`, all valid, 10 million of them. */
export function benchPhoneNumber(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 10_000_000) throw new RangeError('bench numbers run from 0 to 9 999 999')
  return `+23324${String(index).padStart(7, '0')}`
}
