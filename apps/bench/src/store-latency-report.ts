import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describeMachine, formatMachine } from './machine'
import { ROUTES, measureStoreLatency, type StoreLatencyResult } from './store/measure-store-latency'

const BEFORE = new URL('../results/store-latency-before.json', import.meta.url)
const RESULT = new URL('../results/store-latency.json', import.meta.url)

function print(label: string, result: StoreLatencyResult): void {
  console.info(`${label}: ${result.flows} flows one at a time per distance`)
  console.info(`${'route'.padEnd(12)} ${'store calls'.padStart(11)} ${'p50 local'.padStart(10)} ${`p50 +${result.runs[1]?.storeRttMs} ms`.padStart(12)} ${'added'.padStart(8)}   calls by method`)
  for (const route of ROUTES) {
    const local = result.runs[0]!.routes.find((r) => r.route === route)!
    const far = result.runs[1]!.routes.find((r) => r.route === route)!
    const calls = local.storeCalls === local.storeCallsMax ? String(local.storeCalls) : `${local.storeCalls} (≤${local.storeCallsMax})`
    console.info(
      `${route.padEnd(12)} ${calls.padStart(11)} ${local.p50Ms.toFixed(1).padStart(10)} ${far.p50Ms.toFixed(1).padStart(12)} ${`+${result.addedP50Ms[route].toFixed(1)}`.padStart(8)}   ${JSON.stringify(local.callsByMethod)}`,
    )
  }
}

/**
 * `pnpm --filter @hakiki/bench store-latency`: the store round trips of each route of a
 * verification and the latency a store 10 ms away adds (a real redis-server behind a delaying
 * relay), printed beside the figures measured before the store port v2 (results/store-latency-before.json).
 */
async function main(): Promise<void> {
  const machine = describeMachine()
  console.info(`Machine: ${formatMachine(machine)}\n`)
  const result = await measureStoreLatency()
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  if (existsSync(BEFORE)) {
    const before = JSON.parse(readFileSync(BEFORE, 'utf8')) as StoreLatencyResult & { commit: string }
    print(`Before (store port v1, commit ${before.commit})`, before)
    console.info('')
  }
  print(`Now (commit ${commit})`, result)
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(RESULT, `${JSON.stringify({ date: new Date().toISOString(), commit, machine, ...result }, null, 2)}\n`)
  console.info('\nwritten to apps/bench/results/store-latency.json')
}

await main()
