import { describe, expect, it } from 'vitest'
import { measureProxy } from './measure-proxy'

// Smoke test of `pnpm bench:proxy` on a tiny workload: real servers on loopback, a real load
// process. It checks what the figures are made of (every flow approved, one token request per
// client, the shape of the result), never how fast anything was.
describe('measureProxy (tiny workload)', () => {
  it('runs every phase and reports flows, latencies and token requests', async () => {
    const result = await measureProxy({ concurrency: 4, flows: 20, seconds: 10, rounds: 1, serialFlows: 5, warmupFlows: 4, burst: 40, tokenDelayMs: 200 })
    for (const phase of [result.direct, result.proxy]) {
      expect(phase.flows).toBe(20)
      expect(phase.failed).toBe(0)
      expect(phase.flowsPerSecond).toBeGreaterThan(0)
      for (const summary of [phase.start, phase.check, phase.flow]) {
        expect(summary.count).toBe(20)
        expect(summary.p50).toBeGreaterThan(0)
        expect(summary.p99).toBeGreaterThanOrEqual(summary.p50)
      }
    }
    expect(result.serial.direct.flows).toBe(5)
    expect(result.serial.proxy.flows).toBe(5)
    expect(result.serial.proxy.failed).toBe(0)
    expect(result.tokenBurst).toMatchObject({ starts: 40, created: 40, errors: 0, otherStatuses: {}, tokenRequests: 1, tokenDelayMs: 200 })
    expect(result.tokenBurst.peakConcurrency).toBeGreaterThan(1)
    expect(result.tokenRequestsAfterBurst).toBe(1)
    expect(Number.isFinite(result.overhead.throughputRatio)).toBe(true)
    expect(result.raisedLimits.sendsPerIp?.hour).toBeGreaterThan(100)
  })
})
