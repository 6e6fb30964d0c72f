/** One clock for the whole simulated world of the demo: the sandbox and the proxy read it. */
export interface DemoClock {
  now(): number
  /** Moves time forward, e.g. past a code's lifetime, to show the expired path. */
  advance(seconds: number): void
}

/** Real time plus an offset the faults panel can push forward. */
export function createDemoClock(): DemoClock {
  let offsetMs = 0
  return {
    now: () => Date.now() + offsetMs,
    advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) throw new RangeError('advance takes 0 to 86400 seconds')
      offsetMs += seconds * 1000
    },
  }
}
