/**
 * The proxy's own CPU per flow, in process, with no HTTP: a start and a check through the Fetch
 * handler against a provider that answers at once (budgets, conversion guard, session, receipt and
 * every counter on; the memory store). A quick, low-noise figure for work on the handler; the
 * end-to-end cost is `bench:proxy`'s.
 *
 *   tsx --conditions=source src/proxy/handler-cpu.ts [flows] [rounds]
 */
import { randomBytes } from 'node:crypto'
import { createMemoryStore, createVerifyHandler, type VerifyProvider } from '@hakiki/proxy'
import { BENCH_LIMITS } from './bench-servers'

const flows = Number(process.argv[2] ?? 20_000)
const rounds = Number(process.argv[3] ?? 3)
const origin = 'https://app.example'
const codes = new Map<string, string>()
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
    const id = `VE${(next++).toString(16).padStart(30, '0')}`
    codes.set(id, '123456')
    return { id, to: input.to, channel: input.channel, status: 'pending' }
  },
  async check(id, code) {
    const ok = codes.get(id) === code
    if (ok) codes.delete(id)
    return { id, to: '', channel: 'sms', status: ok ? 'approved' : 'pending' }
  },
  async status(id) {
    return { id, to: '', channel: 'sms', status: 'pending' }
  },
}
const handler = createVerifyHandler({
  provider,
  secret: randomBytes(32).toString('base64'),
  publicOrigin: origin,
  basePath: '/api/verify',
  limits: BENCH_LIMITS,
  getClientIp: () => '203.0.113.7',
  store: createMemoryStore({ maxCounters: 5_000_000, maxRecords: 5_000_000 }),
  logger: {},
})
let number = 0
async function flow(): Promise<void> {
  const to = `+1415${String(5_000_000 + (number++ % 4_000_000)).padStart(7, '0')}`
  const started = await handler(
    new Request(`${origin}/api/verify/verifications`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ to }) }),
  )
  if (started.status !== 201) throw new Error(`start ${started.status} ${await started.text()}`)
  const { id } = (await started.json()) as { id: string }
  const cookie = started.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const checked = await handler(
    new Request(`${origin}/api/verify/verifications/${id}/check`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', cookie },
      body: JSON.stringify({ code: '123456' }),
    }),
  )
  if (checked.status !== 200) throw new Error(`check ${checked.status} ${await checked.text()}`)
  await checked.arrayBuffer()
}
for (let i = 0; i < 2000; i++) await flow()
for (let r = 0; r < rounds; r++) {
  const before = process.cpuUsage()
  for (let i = 0; i < flows; i++) await flow()
  const used = process.cpuUsage(before)
  console.info(`round ${r + 1}: ${((used.user + used.system) / 1000 / flows * 1000).toFixed(1)} µs CPU per flow (handler only, ${flows} flows)`)
}
