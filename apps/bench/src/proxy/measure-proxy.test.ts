import { describe, expect, it } from 'vitest'
import { deployedThroughputRatio, measureProxy } from './measure-proxy'

// Smoke test of `pnpm bench:proxy` on a tiny workload: real servers on loopback, each in its own
// process, and a real load process. It checks what the figures are made of (every flow approved, one token request per
// client, the shape of the result), never how fast anything was.
describe('measureProxy (tiny workload)', () => {
  it('runs every phase and reports flows, latencies and token requests', async () => {
    const result = await measureProxy({ concurrency: 4, flows: 20, seconds: 10, rounds: 1, serialFlows: 5, warmupFlows: 4, burst: 40, tokenDelayMs: 200 })
    for (const phase of [result.direct, result.forwarder, result.proxy]) {
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
    expect(result.serial.forwarder.flows).toBe(5)
    expect(Number.isFinite(result.versusForwarder.serialStartP50Ms)).toBe(true)
    expect(result.versusForwarder).toMatchObject({ overheadGoalMs: 0.25, throughputGoal: 0.8 })
    // Each server in its own process, its CPU time read around the rounds, the proxy's profiled.
    for (const ms of Object.values(result.cpuPerFlowMs)) expect(ms).toBeGreaterThan(0)
    expect(result.proxyProfile.length).toBeGreaterThan(3)
    expect(result.proxyProfile.reduce((sum, f) => sum + f.selfPercent, 0)).toBeLessThanOrEqual(100.5)
    expect(result.tokenBurst).toMatchObject({ starts: 40, created: 40, errors: 0, otherStatuses: {}, tokenRequests: 1, tokenDelayMs: 200 })
    expect(result.tokenBurst.peakConcurrency).toBeGreaterThan(1)
    // The load process's direct client and the forwarder's client, one each.
    expect(result.tokenRequestsAfterBurst).toBe(2)
    expect(Number.isFinite(result.overhead.throughputRatio)).toBe(true)
    for (const ratio of [result.versusForwarder.deployedThroughputRatio, result.versusForwarder.forwarderDeployedThroughputRatio]) {
      expect(ratio).toBeGreaterThan(0)
      expect(ratio).toBeLessThanOrEqual(1)
    }
    expect(result.raisedLimits.sendsPerIp?.hour).toBeGreaterThan(100)
  })
})

describe('deployedThroughputRatio', () => {
  it('is the API\'s CPU per flow over the front\'s, at most 1 (the API is then the bottleneck)', () => {
    expect(deployedThroughputRatio(1.2, 1.5)).toBe(0.8)
    expect(deployedThroughputRatio(1.2, 1.0)).toBe(1)
    expect(deployedThroughputRatio(1.2, 0)).toBe(0)
  })
})
