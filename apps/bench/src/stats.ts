/** Percentiles of a set of samples (milliseconds). */
export interface Summary {
  /** Number of samples. */
  count: number
  /** Median. */
  p50: number
  /** 95th percentile. */
  p95: number
  /** 99th percentile. */
  p99: number
  /** Largest sample. */
  max: number
}

/**
 * The `p`-th percentile (0–100) by the nearest-rank method: always one of the samples, so a
 * figure in a report is a latency that really happened, never an interpolation between two.
 * Sorting a copy is exact and cheap for the tens of thousands of samples a run collects, which is
 * why no histogram library is used here.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = samples.toSorted((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1] as number
}

/** The median (nearest rank, so one of the samples). */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50)
}

/** Count, p50, p95, p99 and max of `samples`, rounded to 0.01. */
export function summarize(samples: readonly number[]): Summary {
  return {
    count: samples.length,
    p50: round2(percentile(samples, 50)),
    p95: round2(percentile(samples, 95)),
    p99: round2(percentile(samples, 99)),
    max: round2(percentile(samples, 100)),
  }
}

/** Rounds to two decimals (NaN stays NaN). */
export function round2(n: number): number {
  return Math.round(n * 100) / 100
}
