/**
 * The start route's circuit breaker. Only outages (network, timeouts, 5xx: `isOutage`) count;
 * an answer about one request (a blocked country, a channel the service lacks, an invalid number)
 * never does, since an attacker can provoke those at will and used to shut starts for everyone.
 *
 * Closed: calls go out; `failuresToOpen` outages in a row open it. Open: calls are refused with
 * the last outage's problem until `openSeconds` have passed. Half-open: one call (the probe) goes
 * out while the others are refused; its success (or any answer from the service) closes the
 * breaker, another outage opens it again for twice as long, up to `maxOpenSeconds`. State is per
 * instance: each instance learns the outage from its own calls.
 */
import { ProxyError } from './problem'

/** What the start route asks before calling the provider. */
export interface CircuitBreaker {
  /**
   * Throws the open breaker's problem (with `retryAfter`), or resolves to a permit: report the
   * call's outcome through it exactly once.
   */
  admit(now: number): BreakerPermit
}

/** One admitted call. */
export interface BreakerPermit {
  /** The service answered (a success or an answer about this request): closes the breaker. */
  answered(): void
  /** An outage: counts towards opening, or re-opens after a failed probe. */
  outage(now: number, problem: ProxyError): void
}

/** Tuning of {@link createCircuitBreaker}. */
export interface CircuitBreakerOptions {
  /** Outages in a row that open the breaker; default 3. */
  failuresToOpen?: number
  /** First open period, seconds; default 30. */
  openSeconds?: number
  /** Longest open period after failed probes, seconds; default 300. */
  maxOpenSeconds?: number
}

function refuse(problem: ProxyError, seconds: number): never {
  throw new ProxyError(problem.code, { ...problem.extras, retryAfter: Math.max(1, Math.ceil(seconds)) })
}

/** Builds a closed breaker. */
export function createCircuitBreaker(options: CircuitBreakerOptions = {}): CircuitBreaker {
  const failuresToOpen = options.failuresToOpen ?? 3
  const firstOpen = options.openSeconds ?? 30
  const maxOpen = options.maxOpenSeconds ?? 300
  let failures = 0
  let open: { until: number; seconds: number; problem: ProxyError } | undefined
  let probing = false

  return {
    admit(now) {
      let probe = false
      if (open !== undefined) {
        if (now < open.until) refuse(open.problem, (open.until - now) / 1000)
        // Half-open: one probe at a time; the others wait a little and try again.
        if (probing) refuse(open.problem, 5)
        probing = true
        probe = true
      }
      let settled = false
      return {
        answered() {
          if (settled) return
          settled = true
          if (probe) probing = false
          failures = 0
          open = undefined
        },
        outage(at, problem) {
          if (settled) return
          settled = true
          if (probe) {
            probing = false
            const seconds = Math.min(maxOpen, (open?.seconds ?? firstOpen) * 2)
            open = { until: at + seconds * 1000, seconds, problem }
            return
          }
          failures++
          if (failures >= failuresToOpen && open === undefined) open = { until: at + firstOpen * 1000, seconds: firstOpen, problem }
        },
      }
    },
  }
}
