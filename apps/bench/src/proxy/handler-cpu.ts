/**
 * The proxy's own cost per route, in process, with no HTTP: starts and checks through the Fetch
 * handler against a provider that answers at once, with the bench's settings (every counter,
 * the budgets and the conversion guard on; the memory store). For work on the handler, two figures:
 *
 * - **steps** (exact, load-independent): per start and per check, the promises created (each
 *   `await` of the handler and of what it calls), timers set, store round trips and store keys
 *   touched, and HMACs computed (`createHmac` calls). A change that removes work shows here even
 *   on a busy machine.
 * - **CPU** per start and per check (`process.cpuUsage` around rounds of each, alternating),
 *   medians: noisy when the machine is busy; the end-to-end cost is `bench:proxy`'s.
 *
 *   tsx --conditions=source src/proxy/handler-cpu.ts [flows per round] [rounds]
 */
import { createHook } from 'node:async_hooks'
import crypto, { randomBytes } from 'node:crypto'
import { createMemoryStore, createVerifyHandler, type VerifyProvider, type VerifyStore } from '@hakiki/proxy'
import { BENCH_BUDGETS, BENCH_CONVERSION_GUARD, BENCH_LIMITS } from './bench-servers'

const flows = Number(process.argv[2] ?? 500)
const rounds = Number(process.argv[3] ?? 8)
const origin = 'https://app.example'
let next = 0
const provider: VerifyProvider = {
  name: 'instant',
  channels: ['sms'],
  codeLength: 6,
  lifetimeSeconds: 600,
  maxAttempts: 5,
  maxSends: 5,
  countries: 'all',
  async start(input) {
    return { id: `VE${(next++).toString(16).padStart(30, '0')}`, to: input.to, channel: input.channel, status: 'pending' }
  },
  async check(id) {
    return { id, to: '', channel: 'sms', status: 'approved' }
  },
  async status(id) {
    return { id, to: '', channel: 'sms', status: 'pending' }
  },
}

/** What one request did, counted while `counting` is on. */
const steps = { promises: 0, timers: 0, storeCalls: 0, storeKeys: 0, hmacs: 0 }
let counting = false
createHook({
  init(_id, type) {
    if (!counting) return
    if (type === 'PROMISE') steps.promises++
    else if (type === 'Timeout') steps.timers++
  },
}).enable()
// `createHmac` is read from the module at each call by the proxy (`process.getBuiltinModule`): counted there.
const createHmac = crypto.createHmac
crypto.createHmac = ((...args: Parameters<typeof createHmac>) => {
  if (counting) steps.hmacs++
  return createHmac(...args)
}) as typeof createHmac
const memory = createMemoryStore({ maxCounters: 5_000_000, maxRecords: 5_000_000 })
const counted = (name: keyof VerifyStore, keys: (arg: never) => number) =>
  ((arg: never) => {
    if (counting) {
      steps.storeCalls++
      steps.storeKeys += keys(arg)
    }
    return (memory[name] as (a: never) => unknown)(arg)
  }) as never
const store: VerifyStore = {
  take: counted('take', (quotas: unknown[]) => quotas.length),
  give: counted('give', (tallies: unknown[]) => tallies.length),
  add: counted('add', (tallies: unknown[]) => tallies.length),
  get: counted('get', (keys: unknown[]) => keys.length),
  write: counted('write', (op: { expect?: unknown[]; set?: unknown[]; delete?: unknown[] }) => (op.expect?.length ?? 0) + (op.set?.length ?? 0) + (op.delete?.length ?? 0)),
}
const handler = createVerifyHandler({
  provider,
  secret: randomBytes(32).toString('base64'),
  publicOrigin: origin,
  basePath: '/api/verify',
  limits: BENCH_LIMITS,
  budgets: BENCH_BUDGETS,
  conversionGuard: BENCH_CONVERSION_GUARD,
  getClientIp: () => '203.0.113.7',
  store,
  logger: {},
})

let number = 0
/** CPU spent in the handler calls of `starts` and `checks`, µs. */
let handlerCpu = 0
const elapsed = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return used.user + used.system
}
const post = (path: string, body: unknown, cookie?: string) =>
  new Request(`${origin}/api/verify${path}`, { method: 'POST', headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) })

/** Starts `count` verifications; their ids and cookies, for the checks. */
async function starts(count: number): Promise<{ id: string; cookie: string }[]> {
  const started: { id: string; cookie: string }[] = []
  const requests = Array.from({ length: count }, () => post('/verifications', { to: `+1415${String(5_000_000 + (number++ % 4_000_000)).padStart(7, '0')}` }))
  const responses: Response[] = []
  const before = process.cpuUsage()
  for (const request of requests) responses.push(await handler(request))
  handlerCpu += elapsed(before)
  for (const response of responses) {
    if (response.status !== 201) throw new Error(`start ${response.status} ${await response.text()}`)
    const { id } = (await response.json()) as { id: string }
    started.push({ id, cookie: response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') })
  }
  return started
}

async function checks(started: { id: string; cookie: string }[]): Promise<void> {
  const requests = started.map(({ id, cookie }) => post(`/verifications/${id}/check`, { code: '123456' }, cookie))
  const responses: Response[] = []
  const before = process.cpuUsage()
  for (const request of requests) responses.push(await handler(request))
  handlerCpu += elapsed(before)
  for (const response of responses) if (response.status !== 200) throw new Error(`check ${response.status} ${await response.text()}`)
}

/** CPU of `run`'s handler calls in µs per request (building the requests and reading the answers are not counted). */
async function cpuOf(run: () => Promise<unknown>, requests: number): Promise<number> {
  handlerCpu = 0
  await run()
  return handlerCpu / requests
}

// Warm-up, then the steps of one start and one check (exact), then CPU rounds.
await checks(await starts(2000))
const stepsOf = async (run: () => Promise<unknown>) => {
  for (const key of Object.keys(steps) as (keyof typeof steps)[]) steps[key] = 0
  counting = true
  await run()
  counting = false
  return { ...steps }
}
const sample = await starts(1)
const startSteps = await stepsOf(() => handler(post('/verifications', { to: `+1415${String(5_000_000 + (number++ % 4_000_000)).padStart(7, '0')}` })))
const checkSteps = await stepsOf(() => checks(sample))
const cpu = { start: [] as number[], check: [] as number[] }
for (let r = 0; r < rounds; r++) {
  let started: { id: string; cookie: string }[] = []
  cpu.start.push(await cpuOf(async () => (started = await starts(flows)), flows))
  cpu.check.push(await cpuOf(() => checks(started), flows))
}
const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const describe = (s: typeof startSteps) => `${s.promises} promises, ${s.timers} timers, ${s.storeCalls} store round trips (${s.storeKeys} keys), ${s.hmacs} HMACs`
console.info(`start: ${describe(startSteps)}; CPU median ${median(cpu.start).toFixed(0)} µs (rounds: ${cpu.start.map((x) => x.toFixed(0)).join(' ')})`)
console.info(`check: ${describe(checkSteps)}; CPU median ${median(cpu.check).toFixed(0)} µs (rounds: ${cpu.check.map((x) => x.toFixed(0)).join(' ')})`)
console.info('(the handler only, in process, no HTTP; steps are exact, CPU depends on the load)')
