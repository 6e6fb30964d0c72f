/**
 * A quick look at the proxy's CPU (not part of `bench:proxy`): a sandbox and a proxy in processes
 * of their own, `flows` start+check flows at `concurrency`, profiled; prints the top functions by
 * self time and the CPU per flow, and saves the whole profile. For working on the proxy's cost.
 *
 *   tsx --conditions=source src/proxy/profile-proxy.ts [flows] [concurrency] [profile.cpuprofile]
 *
 * The servers run the published builds: `pnpm --filter @hakiki/proxy... --filter @hakiki/sandbox... build` first.
 */
import { spawnLoadWorker } from './load-worker-client'
import type { ProfiledFunction } from './server-process'
import { startServerProcess } from './server-process-client'

const flows = Number(process.argv[2] ?? 3000)
const concurrency = Number(process.argv[3] ?? 16)
const saveTo = process.argv[4]

const sandbox = await startServerProcess('sandbox')
const proxy = await startServerProcess('proxy', sandbox.url)
const worker = spawnLoadWorker((to) => sandbox.call<string | undefined>('code', to))
try {
  const job = (firstNumber: number, maxFlows: number) =>
    ({ kind: 'flows', target: 'proxy', url: proxy.url, concurrency, maxFlows, maxSeconds: 60, firstNumber }) as const
  await worker.run(job(1_000_000, 500))
  const before = await proxy.call<NodeJS.CpuUsage>('cpu')
  const measured = await worker.run(job(2_000_000, flows))
  const after = await proxy.call<NodeJS.CpuUsage>('cpu')
  const cpu = (after.user + after.system - before.user - before.system) / 1000 / measured.completed
  console.info(`${measured.completed} flows (${measured.failed} failed) in ${measured.seconds.toFixed(2)} s: ${(measured.completed / measured.seconds).toFixed(0)} flows/s, proxy CPU ${cpu.toFixed(3)} ms per flow`)
  await proxy.call('profileStart')
  await worker.run(job(3_000_000, flows))
  const top = await proxy.call<ProfiledFunction[]>('profileStop', 40, saveTo)
  for (const f of top) console.info(`  ${f.selfPercent.toFixed(1).padStart(5)}%  ${f.name}`)
} finally {
  await worker.close()
  await proxy.close()
  await sandbox.close()
}
