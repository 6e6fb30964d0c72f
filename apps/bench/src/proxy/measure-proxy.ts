import type { LimitsOptions } from '@hakiki/proxy'
import { summarize, round2, type Summary } from '../stats'
import { BENCH_LIMITS, startBenchProxy, startCountingSandbox } from './bench-servers'
import type { FlowsJob, FlowsResult } from './load-protocol'
import { spawnLoadWorker, type LoadWorker } from './load-worker-client'

/** Workload of {@link measureProxy}. */
export interface ProxyBenchOptions {
  /** Flows in progress at once in the flow phases. @default 16 */
  concurrency?: number
  /** Most flows per target per round. @default 2000 */
  flows?: number
  /** Most seconds per phase (each phase stops at `flows` or here). @default 8 */
  seconds?: number
  /** Rounds of (direct, proxy): alternating spreads any drift of a busy machine over both. @default 2 */
  rounds?: number
  /**
   * Flows per target run one at a time after the rounds: latency with no queueing, i.e. the
   * proxy's own cost per request. @default 300
   */
  serialFlows?: number
  /** Unmeasured flows per target first, so both are measured with warm JIT and pools. @default 300 */
  warmupFlows?: number
  /** Concurrent starts against a cold token cache. @default 500 */
  burst?: number
  /**
   * How long the sandbox holds its answer to the first token request of the burst. Without it the
   * token could arrive before most starts do, and a plain cache would pass for single flight;
   * with it, every start that arrives meanwhile finds the token request in flight. @default 1000
   */
  tokenDelayMs?: number
}

/** Figures of one target's flows, all rounds together. */
export interface FlowPhase {
  /** Flows that ended approved. */
  flows: number
  /** Flows that did not (should be 0). */
  failed: number
  /** The first failure's status and problem code, if any. */
  firstFailure?: string
  /** Wall time of the measured rounds, in seconds. */
  seconds: number
  /** Completed start+check flows per second. */
  flowsPerSecond: number
  /** Latency of the start (ms). */
  start: Summary
  /** Latency of the check (ms). */
  check: Summary
  /** Latency of the whole flow, including the code lookup over IPC (ms). */
  flow: Summary
}

/** What {@link measureProxy} returns. */
export interface ProxyBenchResult {
  /** The workload, defaults filled in. */
  workload: Required<ProxyBenchOptions>
  /** The proxy limits raised for the bench (everything else is the default). */
  raisedLimits: LimitsOptions
  /** `@hakiki/verify-client` straight to the sandbox: the floor. */
  direct: FlowPhase
  /** Browser contract through `@hakiki/proxy` (node:http adapter) to the same sandbox. */
  proxy: FlowPhase
  /** What the proxy adds on top of the direct calls. */
  overhead: {
    /** Extra median latency of a start, ms. */
    startP50Ms: number
    /** Extra p99 latency of a start, ms. */
    startP99Ms: number
    /** Extra median latency of a check, ms. */
    checkP50Ms: number
    /** Extra p99 latency of a check, ms. */
    checkP99Ms: number
    /** Proxy flows per second ÷ direct flows per second. */
    throughputRatio: number
    /** Extra median latency of a start with one flow at a time (no queueing), ms. */
    serialStartP50Ms: number
    /** Extra median latency of a check with one flow at a time, ms. */
    serialCheckP50Ms: number
  }
  /** Both targets again with one flow at a time: latency without queueing. */
  serial: { direct: FlowPhase; proxy: FlowPhase }
  /** `burst` concurrent starts through a proxy whose token cache is cold. */
  tokenBurst: {
    /** Starts sent at once. */
    starts: number
    /** How long the sandbox held the first token answer (see `tokenDelayMs`). */
    tokenDelayMs: number
    /** Most requests the proxy had in progress at the same moment. */
    peakConcurrency: number
    /** Answers 201. */
    created: number
    /** Other answers by status (should be empty). */
    otherStatuses: Record<string, number>
    /** Transport errors (should be 0). */
    errors: number
    /** Token requests the sandbox received during the burst (goal: exactly 1). */
    tokenRequests: number
    /** Latency of the starts (autocannon's histogram, ms), the held token answer included. */
    latency: { p50: number; p99: number; max: number }
  }
  /** Token requests during the warm-up and flows: one per client (the proxy's was fetched in the burst). */
  tokenRequestsAfterBurst: number
}

const PHASE_STRIDE = 1_000_000

/**
 * Measures the proxy against the sandbox on loopback: servers in this process, load from a
 * separate one. Every phase is bounded by a count and a time; nothing leaves 127.0.0.1.
 */
export async function measureProxy(options: ProxyBenchOptions = {}): Promise<ProxyBenchResult> {
  const workload: Required<ProxyBenchOptions> = {
    concurrency: options.concurrency ?? 16,
    flows: options.flows ?? 2000,
    seconds: Math.min(options.seconds ?? 8, 20),
    rounds: options.rounds ?? 2,
    serialFlows: options.serialFlows ?? 300,
    warmupFlows: options.warmupFlows ?? 300,
    burst: options.burst ?? 500,
    tokenDelayMs: options.tokenDelayMs ?? 1000,
  }
  if (workload.flows >= PHASE_STRIDE) throw new RangeError(`flows must be under ${PHASE_STRIDE}`)
  if (workload.rounds < 1 || workload.rounds > 3) throw new RangeError('rounds must be 1 to 3')
  const sandbox = await startCountingSandbox()
  const proxy = await startBenchProxy(sandbox.url)
  const worker = spawnLoadWorker(sandbox.codeFor)
  try {
    // 1. The burst first, while the proxy's token cache is cold.
    sandbox.sandbox.faults.add({ operation: 'token', delayMs: workload.tokenDelayMs })
    const tokensBefore = sandbox.tokenRequests()
    const burst = await worker.run({ kind: 'burst', url: proxy.url, connections: workload.burst, maxSeconds: 20, firstNumber: 0 })
    const burstTokens = sandbox.tokenRequests() - tokensBefore
    const tokenBurst = {
      starts: burst.sent,
      tokenDelayMs: workload.tokenDelayMs,
      peakConcurrency: proxy.peakConcurrency(),
      created: burst.created,
      otherStatuses: burst.otherStatuses,
      errors: burst.errors,
      tokenRequests: burstTokens,
      latency: burst.latency,
    }

    // 2. Warm-up, then alternating measured rounds.
    const base = { kind: 'flows', maxSeconds: workload.seconds } as const
    const targets = { direct: sandbox.url, proxy: proxy.url }
    let phase = 1
    const job = (target: 'direct' | 'proxy', maxFlows: number, concurrency = workload.concurrency): FlowsJob => ({
      ...base,
      concurrency,
      target,
      url: targets[target],
      maxFlows,
      firstNumber: phase++ * PHASE_STRIDE,
    })
    await checked(worker, job('direct', workload.warmupFlows))
    await checked(worker, job('proxy', workload.warmupFlows))
    const results: Record<'direct' | 'proxy', FlowsResult[]> = { direct: [], proxy: [] }
    for (let round = 0; round < workload.rounds; round++) {
      results.direct.push(await worker.run(job('direct', workload.flows)))
      results.proxy.push(await worker.run(job('proxy', workload.flows)))
    }
    const direct = combine(results.direct)
    const proxied = combine(results.proxy)
    const serialDirect = combine([await worker.run(job('direct', workload.serialFlows, 1))])
    const serialProxy = combine([await worker.run(job('proxy', workload.serialFlows, 1))])
    return {
      workload,
      raisedLimits: BENCH_LIMITS,
      direct,
      proxy: proxied,
      overhead: {
        startP50Ms: round2(proxied.start.p50 - direct.start.p50),
        startP99Ms: round2(proxied.start.p99 - direct.start.p99),
        checkP50Ms: round2(proxied.check.p50 - direct.check.p50),
        checkP99Ms: round2(proxied.check.p99 - direct.check.p99),
        throughputRatio: round2(proxied.flowsPerSecond / direct.flowsPerSecond),
        serialStartP50Ms: round2(serialProxy.start.p50 - serialDirect.start.p50),
        serialCheckP50Ms: round2(serialProxy.check.p50 - serialDirect.check.p50),
      },
      serial: { direct: serialDirect, proxy: serialProxy },
      tokenBurst,
      tokenRequestsAfterBurst: sandbox.tokenRequests() - tokensBefore - burstTokens,
    }
  } finally {
    await worker.close()
    await proxy.close()
    await sandbox.close()
  }
}

/** Runs a warm-up job and refuses to go on if its flows fail: the figures after would be of errors. */
async function checked(worker: LoadWorker, job: FlowsJob): Promise<void> {
  const result = await worker.run(job)
  if (result.failed > 0) throw new Error(`${job.target} warm-up: ${result.failed} flows failed (${result.firstFailure ?? ''})`)
}

function combine(rounds: readonly FlowsResult[]): FlowPhase {
  const all = <K extends 'start' | 'check' | 'flow'>(key: K) => rounds.flatMap((r) => r[key])
  const flows = rounds.reduce((sum, r) => sum + r.completed, 0)
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0)
  const firstFailure = rounds.find((r) => r.firstFailure !== undefined)?.firstFailure
  return {
    flows,
    failed: rounds.reduce((sum, r) => sum + r.failed, 0),
    ...(firstFailure === undefined ? {} : { firstFailure }),
    seconds: round2(seconds),
    flowsPerSecond: round2(flows / seconds),
    start: summarize(all('start')),
    check: summarize(all('check')),
    flow: summarize(all('flow')),
  }
}
