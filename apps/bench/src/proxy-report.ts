import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { describeMachine, formatMachine } from './machine'
import { buildProxy, measureImportCost } from './proxy/import-cost'
import { measureProxy, type FlowPhase } from './proxy/measure-proxy'
import type { ProfiledFunction } from './proxy/server-process'

const ms = (n: number): string => n.toFixed(2).padStart(8)
const mark = (met: boolean): string => (met ? 'met' : 'NOT met')

function row(name: string, p: FlowPhase): void {
  console.info(`${name.padEnd(34)} ${p.flowsPerSecond.toFixed(0).padStart(8)}  ${ms(p.start.p50)}  ${ms(p.start.p99)}   ${ms(p.check.p50)}  ${ms(p.check.p99)}  ${p.failed}`)
}

function printProfile(title: string, profile: readonly ProfiledFunction[]): void {
  console.info(title)
  for (const f of profile) console.info(`  ${f.selfPercent.toFixed(1).padStart(5)}%  ${f.name}`)
}

/**
 * `pnpm bench:proxy [--before <checkout>]`: start+check flows through the proxy beside direct API
 * calls and a naive forwarder, a cold-token burst, and what importing the proxy costs. With
 * `--before`, the root of another checkout (an earlier commit, `pnpm install` done there), its
 * proxy runs in the same rounds and its import in the same runs: before and after from one run.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { before: { type: 'string' } } })
  const before = values.before
  const machine = describeMachine()
  console.info(`Machine: ${formatMachine(machine)}\n`)
  // What is imported is each checkout's published build.
  if (process.env.HAKIKI_PACKAGES_BUILT !== '1') buildProxy(fileURLToPath(new URL('../../../', import.meta.url)))
  if (before !== undefined) buildProxy(before)
  const importCost = measureImportCost(before === undefined ? {} : { before })
  const result = await measureProxy(before === undefined ? {} : { before })
  const { workload: w, tokenBurst: b } = result
  const loadAtEnd = describeMachine().loadAverage
  console.info(
    `Sandbox, proxy and naive forwarder on 127.0.0.1, each in a process of its own, load from another; ${w.concurrency} flows at once, ` +
      `${w.rounds} alternating rounds of up to ${w.flows} flows or ${w.seconds} s per target, after ${w.warmupFlows} warm-up flows each; then ${w.serialFlows} flows one at a time per target.`,
  )
  console.info(
    'Proxy limits raised for the bench (every counter still runs): sends per destination, per session and per IP, and checks per destination, to 1 000 000; ' +
      'the budgets of unverified sends on, raised alike; the conversion guard on, blocking only past 1 000 000 sends a window (the burst is never verified).' +
      `${result.before ? ' The earlier build runs with the same bench servers and settings.' : ''}\n`,
  )
  console.info(`${'target'.padEnd(34)} ${'flows/s'.padStart(8)}  ${'start p50'.padStart(9)} ${'start p99'.padStart(9)}  ${'check p50'.padStart(9)} ${'check p99'.padStart(9)}  failed`)
  row('verify-client → sandbox (direct)', result.direct)
  row('browser → naive forwarder → sandbox', result.forwarder)
  if (result.before) row(`browser → proxy before (${result.before.commit ?? 'earlier'}) → sandbox`, result.before.proxy)
  row('browser → proxy → sandbox', result.proxy)
  row('direct, one flow at a time', result.serial.direct)
  row('forwarder, one flow at a time', result.serial.forwarder)
  if (result.before) row('proxy before, one flow at a time', result.before.serial)
  row('proxy, one flow at a time', result.serial.proxy)
  const o = result.overhead
  console.info(
    `\nProxy overhead: start +${o.startP50Ms} ms p50 / +${o.startP99Ms} ms p99, check +${o.checkP50Ms} ms p50 / +${o.checkP99Ms} ms p99; ` +
      `throughput ${o.throughputRatio}× of direct; one flow at a time: start +${o.serialStartP50Ms} ms, check +${o.serialCheckP50Ms} ms at p50.`,
  )
  const v = result.versusForwarder
  const c = result.cpuPerFlowMs
  const busiest = Math.max(machine.loadAverage[0], loadAtEnd[0])
  if (busiest > machine.cores * 2) {
    console.info(
      `\nNB: the machine was busy (load average up to ${busiest.toFixed(1)} on ${machine.cores} cores): the latencies and shared-core throughputs above are mostly ` +
        `other work's queueing; the CPU per flow of each process (below) is the figure that holds best, and before/after come from the same alternating rounds.`,
    )
  }
  console.info(
    `\nIssue 24's goals: the proxy over the naive forwarder, one flow at a time, p50: start +${v.serialStartP50Ms} ms, check +${v.serialCheckP50Ms} ms ` +
      `(goal ≤ ${v.overheadGoalMs} ms: ${mark(v.overheadMet)}); throughput at ${w.concurrency} flows at once, proxy and API each on a CPU of its own: ` +
      `${v.deployedThroughputRatio}× the API's (goal ≥ ${v.throughputGoal}×: ${mark(v.throughputMet)}; the naive forwarder's ${v.forwarderDeployedThroughputRatio}×).`,
  )
  console.info(
    `How the throughput is taken: as deployed, the proxy and the Verify API run on different machines and the load comes from browsers, so each ` +
      `saturates at 1 ÷ its own CPU per flow and the pair carries min(1, API CPU per flow ÷ proxy CPU per flow) of the API's flows. ` +
      `Each process's CPU time (user + system, counted by the kernel whoever else runs) is read around the same alternating rounds: ` +
      `sandbox (the API) ${c.sandbox} ms per flow, proxy ${c.proxy} ms, forwarder ${c.forwarder} ms (proxy ÷ forwarder ${(c.proxy / c.forwarder).toFixed(2)}×). ` +
      `Not pinned with taskset: this machine's 2 cores cannot give the load generator, the sandbox and the proxy one each (and others' work shares them). ` +
      `With all three on the shared cores, measured: proxy ${o.throughputRatio}×, forwarder ${v.forwarderThroughputRatio}× the direct throughput.`,
  )
  const e = result.before
  if (e) {
    console.info(
      `Before (${e.commit ?? e.root}), same rounds: over the forwarder one flow at a time p50 start +${e.serialStartP50Ms} ms, check +${e.serialCheckP50Ms} ms; ` +
        `throughput ${e.deployedThroughputRatio}× the API's as deployed (${e.throughputRatio}× direct on the shared cores); CPU per flow ${e.cpuPerFlowMs} ms (${(e.cpuPerFlowMs / c.forwarder).toFixed(2)}× the forwarder's).`,
    )
    printProfile(`\nBefore: the proxy's CPU profile over ${w.flows} more flows (self time, % of busy samples):`, e.profile)
  }
  printProfile(`\n${e ? 'After: t' : 'T'}he proxy's CPU profile over ${w.flows} more flows (self time, % of busy samples):`, result.proxyProfile)
  console.info(
    `\n${b.starts} concurrent starts, cold token cache, the sandbox holding the token answer ${b.tokenDelayMs} ms ` +
      `(peak ${b.peakConcurrency} requests in progress at the proxy): ` +
      `${b.created} created, ${b.errors} errors${Object.keys(b.otherStatuses).length ? `, other statuses ${JSON.stringify(b.otherStatuses)}` : ''}; ` +
      `token requests: ${b.tokenRequests} (goal 1); start latency p50 ${b.latency.p50} ms, p99 ${b.latency.p99} ms.`,
  )
  console.info(`Token requests in the rest of the run: ${result.tokenRequestsAfterBurst} (the direct client's and the forwarder's${e ? ", and the earlier proxy's" : ''}, one each).`)
  const hono = importCost[0]
  console.info(`\nImport cost at start-up, from the published build (dist/), each in a fresh node process, median of interleaved runs:`)
  for (const cost of importCost) {
    const ratio = hono && cost !== hono ? ` (${(cost.heapMb / hono.heapMb).toFixed(1)}× the heap, ${(cost.ms / hono.ms).toFixed(1)}× the time of the Hono app)` : ''
    console.info(`  ${cost.label.padEnd(52)} ${cost.ms.toFixed(1).padStart(7)} ms  ${cost.heapMb.toFixed(2).padStart(6)} MB heap${ratio}`)
  }
  console.info(`Load average at the end: ${loadAtEnd.map((n) => n.toFixed(2)).join(' / ')}.`)
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(new URL('../results/proxy.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine, ...result, importCost, loadAverageAtEnd: loadAtEnd }, null, 2)}\n`)
  console.info('\nwritten to apps/bench/results/proxy.json')
}

await main()
