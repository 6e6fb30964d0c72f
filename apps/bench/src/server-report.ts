import { mkdirSync, writeFileSync } from 'node:fs'
import { describeMachine, formatMachine } from './machine'
import { startRedis } from '@hakiki/test-support/redis'
import { BENCH_CLIENT, startBalancer, startCodeSink, startSandboxProcess, startServerProcess, writeServerConfig, type BenchProcess } from './server/bench-processes'
import { getToken, measureFlows, type ServerPhase } from './server/measure-server'

// HAKIKI_BENCH_SECONDS shortens a run (a smoke test of the bench itself).
const SECONDS = Number(process.env.HAKIKI_BENCH_SECONDS ?? 8)
const WORKLOAD = { concurrency: 16, seconds: SECONDS, warmupSeconds: Math.max(1, Math.round(SECONDS / 4)) }
const ms = (n: number): string => n.toFixed(2).padStart(7)

function row(name: string, p: ServerPhase): void {
  console.info(
    `${name.padEnd(36)} ${String(p.verificationsPerSecond).padStart(6)}   ${ms(p.create.p50)} ${ms(p.create.p99)}   ${ms(p.get.p50)} ${ms(p.get.p99)}   ${ms(p.verify.p50)} ${ms(p.verify.p99)}   ${p.failed}`,
  )
  if (p.firstFailure) console.info(`  first failure: ${p.firstFailure}`)
}

/**
 * `pnpm bench:server`: whole verifications (create, get, verify) per second and p50/p99 latency per
 * endpoint, for the sandbox, one hakiki-server (memory store; Redis) and three hakiki-servers on one
 * Redis behind a round-robin balancer, each server its own process, load from this process.
 */
async function main(): Promise<void> {
  const machine = describeMachine()
  console.info(`Machine: ${formatMachine(machine)}\n`)
  const started: BenchProcess[] = []
  const results: Record<string, ServerPhase> = {}
  const sink = await startCodeSink()
  try {
    const sandbox = await startSandboxProcess()
    started.push(sandbox)
    const sandboxCode = async (to: string) => {
      const response = await fetch(`${sandbox.url}/sandbox/messages?to=${encodeURIComponent(to)}`)
      return ((await response.json()) as { messages: { code: string }[] }).messages[0]?.code
    }
    const serverCode = async (to: string) => sink.code(to)
    const measure = async (name: string, url: string, readCode: (to: string) => Promise<string | undefined>) => {
      const token = await getToken(url, BENCH_CLIENT.id, BENCH_CLIENT.secret)
      results[name] = await measureFlows(url, token, readCode, WORKLOAD)
      console.info(`measured ${name}`)
    }
    await measure('sandbox (memory, 1 process)', sandbox.url, sandboxCode)
    await sandbox.stop()
    started.pop()

    const memory = await startServerProcess(await writeServerConfig(sink.url, { type: 'memory' }))
    started.push(memory)
    await measure('hakiki-server x1 (memory store)', memory.url, serverCode)
    await memory.stop()
    started.pop()

    const redis = await startRedis()
    started.push(redis)
    const redisConfig = await writeServerConfig(sink.url, { type: 'redis', url: redis.url })
    const one = await startServerProcess(redisConfig)
    started.push(one)
    await measure('hakiki-server x1 (Redis)', one.url, serverCode)
    const more = await Promise.all([startServerProcess(redisConfig), startServerProcess(redisConfig)])
    started.push(...more)
    const balancer = await startBalancer([one.url, ...more.map((m) => m.url)])
    started.push(balancer)
    await measure('hakiki-server x3 (Redis, round-robin)', balancer.url, serverCode)
  } finally {
    for (const p of started.toReversed()) await p.stop()
    await sink.stop()
  }
  console.info(
    `Whole verifications (create → get → verify with the right code), ${WORKLOAD.concurrency} at once for ${WORKLOAD.seconds} s after ${WORKLOAD.warmupSeconds} s of warm-up; ` +
      'each server its own Node process, load and the SMS sink in this process; latencies in ms.\n',
  )
  console.info(`${'target'.padEnd(36)} ${'verif/s'.padStart(6)}   ${'create p50'.padStart(7)} ${'p99'.padStart(7)}   ${'get p50'.padStart(7)} ${'p99'.padStart(7)}   ${'verify p50'.padStart(7)} ${'p99'.padStart(7)}   failed`)
  for (const [name, phase] of Object.entries(results)) row(name, phase)
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(new URL('../results/server.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine, workload: WORKLOAD, results }, null, 2)}\n`)
  console.info('\nwritten to apps/bench/results/server.json')
}

await main()
