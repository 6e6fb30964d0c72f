import { mkdirSync, writeFileSync } from 'node:fs'
import { describeMachine, formatMachine } from './machine'
import { measureProxy, type FlowPhase } from './proxy/measure-proxy'

const ms = (n: number): string => n.toFixed(2).padStart(8)
const mark = (met: boolean): string => (met ? 'met' : 'NOT met')

function row(name: string, p: FlowPhase): void {
  console.info(`${name.padEnd(34)} ${p.flowsPerSecond.toFixed(0).padStart(8)}  ${ms(p.start.p50)}  ${ms(p.start.p99)}   ${ms(p.check.p50)}  ${ms(p.check.p99)}  ${p.failed}`)
}

/** `pnpm bench:proxy`: start+check flows through the proxy beside direct API calls, and a cold-token burst. */
async function main(): Promise<void> {
  const machine = describeMachine()
  console.info(`Machine: ${formatMachine(machine)}\n`)
  const result = await measureProxy()
  const { workload: w, tokenBurst: b } = result
  console.info(
    `Sandbox, proxy and naive forwarder on 127.0.0.1, each in a process of its own, load from another; ${w.concurrency} flows at once, ` +
      `${w.rounds} alternating rounds of up to ${w.flows} flows or ${w.seconds} s per target, after ${w.warmupFlows} warm-up flows each; then ${w.serialFlows} flows one at a time per target.`,
  )
  console.info(
    'Proxy limits raised for the bench (every counter still runs): sends per destination, per session and per IP, and checks per destination, to 1 000 000.\n',
  )
  console.info(`${'target'.padEnd(34)} ${'flows/s'.padStart(8)}  ${'start p50'.padStart(9)} ${'start p99'.padStart(9)}  ${'check p50'.padStart(9)} ${'check p99'.padStart(9)}  failed`)
  row('verify-client → sandbox (direct)', result.direct)
  row('browser → naive forwarder → sandbox', result.forwarder)
  row('browser → proxy → sandbox', result.proxy)
  row('direct, one flow at a time', result.serial.direct)
  row('forwarder, one flow at a time', result.serial.forwarder)
  row('proxy, one flow at a time', result.serial.proxy)
  const o = result.overhead
  console.info(
    `\nProxy overhead: start +${o.startP50Ms} ms p50 / +${o.startP99Ms} ms p99, check +${o.checkP50Ms} ms p50 / +${o.checkP99Ms} ms p99; ` +
      `throughput ${o.throughputRatio}× of direct; one flow at a time: start +${o.serialStartP50Ms} ms, check +${o.serialCheckP50Ms} ms at p50.`,
  )
  const v = result.versusForwarder
  console.info(
    `\nIssue 24's goals: the proxy over the naive forwarder, one flow at a time, p50: start +${v.serialStartP50Ms} ms, check +${v.serialCheckP50Ms} ms ` +
      `(goal ≤ ${v.overheadGoalMs} ms: ${mark(v.overheadMet)}); throughput at ${w.concurrency} flows at once ${o.throughputRatio}× the direct one ` +
      `(goal ≥ ${v.throughputGoal}×: ${mark(v.throughputMet)}; the forwarder's ${v.forwarderThroughputRatio}×).`,
  )
  const c = result.cpuPerFlowMs
  console.info(`CPU per flow (user + system): proxy ${c.proxy} ms, forwarder ${c.forwarder} ms (${(c.proxy / c.forwarder).toFixed(2)}×), sandbox ${c.sandbox} ms.`)
  console.info(`\nThe proxy's CPU profile over ${w.flows} more flows (self time, % of busy samples):`)
  for (const f of result.proxyProfile) console.info(`  ${f.selfPercent.toFixed(1).padStart(5)}%  ${f.name}`)
  console.info(
    `\n${b.starts} concurrent starts, cold token cache, the sandbox holding the token answer ${b.tokenDelayMs} ms ` +
      `(peak ${b.peakConcurrency} requests in progress at the proxy): ` +
      `${b.created} created, ${b.errors} errors${Object.keys(b.otherStatuses).length ? `, other statuses ${JSON.stringify(b.otherStatuses)}` : ''}; ` +
      `token requests: ${b.tokenRequests} (goal 1); start latency p50 ${b.latency.p50} ms, p99 ${b.latency.p99} ms.`,
  )
  console.info(`Token requests in the rest of the run: ${result.tokenRequestsAfterBurst} (the direct client's and the forwarder's, one each).`)
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(new URL('../results/proxy.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine, ...result }, null, 2)}\n`)
  console.info('\nwritten to apps/bench/results/proxy.json')
}

await main()
