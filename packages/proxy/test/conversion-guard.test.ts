/**
 * Issue 19, item 3, over real HTTP: the conversion guard blocks a prefix that is pumped with
 * nobody verifying, a block degrades (a real user on a clean address, or one `authorize` clears,
 * is still served), every instance on one store agrees, and the safe list is never blocked.
 */
import { createMemoryStore } from '@hakiki/store'
import { metrics, type Meter } from '@opentelemetry/api'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { AuthorizeContext } from '../src/verify-handler-options'
import type { VerifyEvent } from '../src/events'
import { harnessPerTest, startHarness, T0 } from './harness'

const harness = harnessPerTest()
/**
 * Ghanaian mobiles of one million-number block (`+233241…`), each in its own 10,000-number prefix,
 * so the prefix budget (10 unverified a day per 10,000 numbers) never holds the pump: only the
 * guard can.
 */
const pumped = (i: number) => `+233241${String(i % 100).padStart(2, '0')}${String(1000 + i).slice(-4)}`
/** Ghanaian mobiles over ten million-number blocks: no block reaches the volume rule's few sends. */
const spread = (i: number) => `+23324${i % 10}${String(100_000 + i).slice(-6)}`
const kenyan = (i: number) => `+2547${String(10_000_000 + i).padStart(8, '0')}`
/** How many of `keys` are the guard's day buckets (sends or verifications). */
const dayKeys = (keys: readonly string[]) => keys.filter((key) => /^cg:[sv]d:/.test(key)).length
const ofType = <T extends VerifyEvent['type']>(events: readonly VerifyEvent[], type: T) => events.filter((e): e is Extract<VerifyEvent, { type: T }> => e.type === type)

describe('the conversion guard over HTTP', () => {
  it('blocks a pumped prefix once it has its sample, and degrades it: clean and authorized users still get through', async () => {
    // An OpenTelemetry meter provider registered by the app (after the handler exists is fine):
    // only the Meter methods the proxy calls.
    const counted: { name: string; value: number; labels: unknown }[] = []
    const meter = { createCounter: (name: string) => ({ add: (value: number, labels: unknown) => void counted.push({ name, value, labels }) }) }
    // The defaults (the harness turns the guard off for the other tests).
    const h = await harness({ adapter: { trustProxy: 1 }, proxy: { budgets: {}, conversionGuard: {} } })
    const from = (n: number) => h.browser({ headers: { 'x-forwarded-for': `41.66.${n}.1` } })
    // Kenya's real users verify (the country is judged apart).
    const user = from(200)
    const started = await user.start({ to: kenyan(1) })
    expect((await user.check(String(started.body?.id), h.codeFor(kenyan(1)))).status).toBe(200)

    metrics.setGlobalMeterProvider({ getMeter: () => meter as unknown as Meter })
    onTestFinished(() => metrics.disable())
    // Five addresses, four sends each, nobody verifying: 20 sends into one prefix.
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      statuses.push((await from(i % 5).start({ to: pumped(i) })).status)
      h.clock.advance(60)
    }
    expect(statuses).toEqual(Array<number>(20).fill(201))
    expect(ofType(h.events, 'conversion.blocked')).toEqual([])
    // The next start sees 20 sends, none verified: the prefix (and Ghana, its only traffic) is blocked.
    const refused = await from(0).start({ to: pumped(20) })
    expect(refused.status).toBe(429)
    expect(refused.body?.code).toBe('rate_limited')
    const blocked = ofType(h.events, 'conversion.blocked')
    expect(blocked.map((e) => e.scope).toSorted()).toEqual(['country', 'prefix'])
    expect(blocked.find((e) => e.scope === 'prefix')).toMatchObject({ country: 'GH', prefix: '+233241', until: h.clock.now() + 12 * 3600_000, window: { sends: 20, verified: 0 } })
    expect(ofType(h.events, 'budget.exceeded').map((e) => e.scope)).toEqual(['conversion'])
    expect(h.logs.some((line) => line.startsWith('warn conversion guard: '))).toBe(true)
    expect(counted).toEqual(
      expect.arrayContaining([
        { name: 'hakiki.proxy.conversion.blocks', value: 1, labels: { scope: 'prefix', country: 'GH' } },
        { name: 'hakiki.proxy.conversion.blocks', value: 1, labels: { scope: 'country', country: 'GH' } },
      ]),
    )
    expect(counted).toHaveLength(2)

    // Degraded, not locked: a real user of the blocked prefix on a clean address is served.
    const real = from(201)
    const ok = await real.start({ to: pumped(77) })
    expect(ok.status).toBe(201)
    expect((await real.check(String(ok.body?.id), h.codeFor(pumped(77)))).status).toBe(200)
    // Kenya is not blocked: a Kenyan user on a dirty address is served.
    expect((await from(1).start({ to: kenyan(2) })).status).toBe(201)
    // 12 hours on, the pump's addresses are still dirty today; nothing new came in, so the block
    // ends with the first start after it.
    h.clock.advance(12 * 3600)
    expect((await from(2).start({ to: pumped(21) })).status).toBe(201)
    expect(ofType(h.events, 'conversion.unblocked').map((e) => e.scope).toSorted()).toEqual(['country', 'prefix'])
  }, 90_000)

  it('asks authorize with elevated for a blocked destination, and lets it decide', async () => {
    const asked: AuthorizeContext[] = []
    const h = await harness({
      adapter: { trustProxy: 1 },
      proxy: {
        budgets: {},
        conversionGuard: { minSends: 5 },
        // The app's captcha: passes when the request carries a token.
        authorize: (request, start) => {
          asked.push(start)
          return !start.elevated || request.headers.get('x-captcha') === 'solved'
        },
      },
    })
    const from = (n: number, captcha?: string) => h.browser({ headers: { 'x-forwarded-for': `41.67.${n}.1`, ...(captcha ? { 'x-captcha': captcha } : {}) } })
    for (let i = 0; i < 5; i++) expect((await from(i).start({ to: pumped(i) })).status).toBe(201)
    expect(asked.map((a) => a.elevated)).toEqual([false, false, false, false, false])
    expect((await from(10).start({ to: pumped(10) })).status).toBe(403)
    expect(asked.at(-1)?.elevated).toBe(true)
    expect((await from(11, 'solved').start({ to: pumped(11) })).status).toBe(201)
  }, 60_000)

  it('two instances on one store agree: a block tripped through one holds on the other, reported once', async () => {
    // Both instances' clocks stay at T0 here, as does the store's.
    const shared = createMemoryStore({ now: () => T0 })
    const options = { adapter: { trustProxy: 1 }, proxy: { budgets: {}, store: shared, conversionGuard: { minSends: 6 } } }
    const a = await startHarness(options)
    const b = await startHarness(options)
    onTestFinished(() => Promise.all([a.close(), b.close()]).then(() => undefined))
    const via = (h: typeof a, n: number) => h.browser({ headers: { 'x-forwarded-for': `41.68.${n}.1` } })
    for (let i = 0; i < 6; i++) expect((await via(i % 2 === 0 ? a : b, i % 3).start({ to: pumped(i) })).status).toBe(201)
    // Instance A trips it; B, asked next from a dirty address, refuses without a second event.
    expect((await via(a, 0).start({ to: pumped(40) })).status).toBe(429)
    expect((await via(b, 1).start({ to: pumped(41) })).status).toBe(429)
    const blocks = [...ofType(a.events, 'conversion.blocked'), ...ofType(b.events, 'conversion.blocked')]
    expect(blocks.map((e) => e.scope).toSorted()).toEqual(['country', 'prefix'])
    expect(ofType(b.events, 'budget.exceeded').map((e) => e.scope)).toEqual(['conversion'])
  }, 60_000)

  it("asks authorize with elevated when a country surges, even if every code verifies; without a hook, refuses no one", async () => {
    const run = async (authorize: boolean) => {
      const asked: boolean[] = []
      const h = await harness({
        adapter: { trustProxy: 1 },
        proxy: { budgets: {}, conversionGuard: { minVolumeSends: 8 }, ...(authorize ? { authorize: (request: Request, start: AuthorizeContext) => (asked.push(start.elevated), !start.elevated || request.headers.get('x-captcha') === 'solved') } : {}) },
      })
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        const pump = h.browser({ headers: { 'x-forwarded-for': `41.73.${i % 3}.1` } })
        const started = await pump.start({ to: spread(i) })
        statuses.push(started.status)
        if (started.status === 201) statuses.push((await pump.check(String(started.body?.id), h.codeFor(spread(i)))).status)
        h.clock.advance(60)
      }
      return { asked, statuses, h }
    }
    // With a hook: the first 8 go out and verify; from then on Ghana is above its (empty) baseline,
    // the hook is asked with elevated, and the pump, without the captcha, is refused.
    const gated = await run(true)
    expect(gated.statuses).toEqual([...Array.from({ length: 8 }, () => [201, 200]).flat(), 403, 403, 403, 403])
    expect(gated.asked).toEqual([...Array<boolean>(8).fill(false), true, true, true, true])
    expect(ofType(gated.h.events, 'conversion.blocked')).toEqual([])
    // A real user who solves it is served.
    expect((await gated.h.browser({ headers: { 'x-forwarded-for': '41.73.200.1', 'x-captcha': 'solved' } }).start({ to: spread(50) })).status).toBe(201)
    // Without a hook a surge changes nothing: nobody is refused for a busy day.
    const open = await run(false)
    expect(open.statuses).toEqual(Array.from({ length: 12 }, () => [201, 200]).flat())
  }, 90_000)

  it('never blocks a prefix whose users verify: the check counts their sends as verified', async () => {
    const h = await harness({ adapter: { trustProxy: 1 }, proxy: { budgets: {}, conversionGuard: { minSends: 5 } } })
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const user = h.browser({ headers: { 'x-forwarded-for': `41.70.${i}.1` } })
      const started = await user.start({ to: pumped(i) })
      statuses.push(started.status)
      // Every other user asks for the code again first (one verification, two sends).
      h.clock.advance(31)
      if (i % 2 === 0) statuses.push((await user.start({ to: pumped(i) })).status)
      statuses.push((await user.check(String(started.body?.id), h.codeFor(pumped(i)))).status)
    }
    expect(statuses).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? [201, 201, 200] : [201, 200])).flat())
    expect(ofType(h.events, 'conversion.blocked')).toEqual([])
  }, 60_000)

  it('never blocks the safe list', async () => {
    const h = await harness({ adapter: { trustProxy: 1 }, proxy: { budgets: {}, conversionGuard: { minSends: 5, safe: ['+233241'] } } })
    const from = (n: number) => h.browser({ headers: { 'x-forwarded-for': `41.69.${n}.1` } })
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await from(i % 4).start({ to: pumped(i) })).status)
    expect(statuses).toEqual(Array<number>(8).fill(201))
    expect(ofType(h.events, 'conversion.blocked')).toEqual([])
  }, 60_000)

  it("never blocks the budgets' safe prefixes either", async () => {
    const h = await harness({ adapter: { trustProxy: 1 }, proxy: { budgets: { safePrefixes: ['+23324'] }, conversionGuard: { minSends: 5, safe: ['KE'] } } })
    const from = (n: number) => h.browser({ headers: { 'x-forwarded-for': `41.71.${n}.1` } })
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await from(i % 4).start({ to: pumped(i) })).status)
    expect(statuses).toEqual(Array<number>(8).fill(201))
    expect(ofType(h.events, 'conversion.blocked')).toEqual([])
  }, 60_000)

  it("reads a destination's closed days from the store once per process", async () => {
    // Every key each get asked for, by call.
    const inner = createMemoryStore({ now: () => h.clock.now() })
    const gets: string[][] = []
    const store = { ...inner, get: (keys: readonly string[]) => (gets.push([...keys]), inner.get(keys)) }
    const h = await harness({ adapter: { trustProxy: 1 }, proxy: { store, budgets: {}, conversionGuard: {} } })
    const from = (n: number) => h.browser({ headers: { 'x-forwarded-for': `41.66.${n}.1` } })
    expect((await from(1).start({ to: pumped(1) })).status).toBe(201)
    expect((await from(2).start({ to: pumped(2) })).status).toBe(201)
    // Each start's one get: 8 days of sends and verifications for the prefix and the country (32
    // keys) the first time; then only today's and yesterday's (8): the 24 closed ones are known.
    expect(gets.map(dayKeys)).toEqual([32, 8])
    // Two days on, the two days that closed meanwhile are read (once): 16 day keys, then 8 again.
    h.clock.advance(2 * 86_400)
    gets.length = 0
    expect((await from(3).start({ to: pumped(3) })).status).toBe(201)
    expect((await from(4).start({ to: pumped(4) })).status).toBe(201)
    expect(gets.map(dayKeys)).toEqual([16, 8])
  })
})
