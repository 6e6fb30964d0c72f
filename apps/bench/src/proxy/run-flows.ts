/** Timings of one flow, in milliseconds. */
export interface FlowTiming {
  start: number
  check: number
}

/** Outcome of {@link runFlows}. */
export interface RunFlowsResult {
  completed: number
  failed: number
  firstFailure?: string
  seconds: number
  start: number[]
  check: number[]
  flow: number[]
}

/** Options of {@link runFlows}. */
export interface RunFlowsOptions {
  concurrency: number
  maxFlows: number
  maxSeconds: number
  /** Runs flow number `index`; resolves with its timings or rejects. */
  flow: (index: number) => Promise<FlowTiming>
  /** Clock in ms; default `performance.now`. */
  now?: () => number
}

/**
 * Runs `flow` with `concurrency` flows in progress at once until `maxFlows` have started or
 * `maxSeconds` have passed, whichever comes first (a closed loop: a new flow starts when one
 * ends, so the load adapts to the server instead of queueing without bound).
 */
export async function runFlows(options: RunFlowsOptions): Promise<RunFlowsResult> {
  const { concurrency, maxFlows, maxSeconds, flow } = options
  const now = options.now ?? (() => performance.now())
  const began = now()
  const deadline = began + maxSeconds * 1000
  const result: RunFlowsResult = { completed: 0, failed: 0, seconds: 0, start: [], check: [], flow: [] }
  let next = 0
  const lane = async () => {
    while (next < maxFlows && now() < deadline) {
      const index = next++
      const t0 = now()
      try {
        const timing = await flow(index)
        result.flow.push(now() - t0)
        result.start.push(timing.start)
        result.check.push(timing.check)
        result.completed += 1
      } catch (error) {
        result.failed += 1
        result.firstFailure ??= error instanceof Error ? error.message : String(error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane))
  result.seconds = (now() - began) / 1000
  return result
}
