import { mkdirSync, writeFileSync } from 'node:fs'
import { describeMachine, formatMachine } from './machine'
import { measureProxy, type FlowPhase } from './proxy/measure-proxy'

const ms = (n: number): string => n.toFixed(2).padStart(8)

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
    `Sandbox and proxy on 127.0.0.1 in this process, load from a separate process; ${w.concurrency} flows at once, ` +
      `${w.rounds} alternating rounds of up to ${w.flows} flows or ${w.seconds} s per target, after ${w.warmupFlows} warm-up flows each; then ${w.serialFlows} flows one at a time per target.`,
  )
  console.info(
    'Proxy limits raised for the bench (every counter still runs): sends per destination, per session and per IP, and checks per destination, to 1 000 000.\n',
  )
  console.info(`${'target'.padEnd(34)} ${'flows/s'.padStart(8)}  ${'start p50'.padStart(9)} ${'start p99'.padStart(9)}  ${'check p50'.padStart(9)} ${'check p99'.padStart(9)}  failed`)
  row('verify-client → sandbox (direct)', result.direct)
  row('browser → proxy → sandbox', result.proxy)
  row('direct, one flow at a time', result.serial.direct)
  row('proxy, one flow at a time', result.serial.proxy)
  const o = result.overhead
  console.info(
    `\nProxy overhead: start +${o.startP50Ms} ms p50 / +${o.startP99Ms} ms p99, check +${o.checkP50Ms} ms p50 / +${o.checkP99Ms} ms p99; ` +
      `throughput ${o.throughputRatio}× of direct; one flow at a time: start +${o.serialStartP50Ms} ms, check +${o.serialCheckP50Ms} ms at p50.`,
  )
  console.info(
    `\n${b.starts} concurrent starts, cold token cache, the sandbox holding the token answer ${b.tokenDelayMs} ms ` +
      `(peak ${b.peakConcurrency} requests in progress at the proxy): ` +
      `${b.created} created, ${b.errors} errors${Object.keys(b.otherStatuses).length ? `, other statuses ${JSON.stringify(b.otherStatuses)}` : ''}; ` +
      `token requests: ${b.tokenRequests} (goal 1); start latency p50 ${b.latency.p50} ms, p99 ${b.latency.p99} ms.`,
  )
  console.info(`Token requests in the rest of the run: ${result.tokenRequestsAfterBurst} (the direct client's one).`)
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(new URL('../results/proxy.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine, ...result }, null, 2)}\n`)
  console.info('\nwritten to apps/bench/results/proxy.json')
}

await main()
