/** Abuse and cost limits over real HTTP; time moves on the injected clock, never by sleeping. */
import { createMemoryStore, type VerifyStore } from '@hakiki/store'
import { describe, expect, it } from 'vitest'
import { COUNTERS_PER_SEND, DEFAULT_LIMITS, defaultMaxCounters, resolveLimits } from '../src/limits'
import type { Seen } from './harness'
import { GHANA, T0, harnessPerTest } from './harness'

const KENYA = '+254712345678'
const NIGERIA = '+2348031234567'

const harness = harnessPerTest()

function expectRefused(res: Seen, code: string, retryAfter?: number): void {
  expect(res.status).toBe(429)
  expect(res.body).toMatchObject({ code, status: 429 })
  const seconds = Number(res.headers.get('retry-after'))
  expect(res.body?.retryAfter).toBe(seconds)
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBe(retryAfter ?? seconds)
}

describe('resend cooldown', () => {
  it('grows 30 s, 60 s, 120 s, then stays at 120 s', async () => {
    const h = await harness()
    const browser = h.browser()
    expect((await browser.start({ to: GHANA })).status).toBe(201)
    expectRefused(await browser.start({ to: GHANA }), 'rate_limited', 30)
    h.clock.advance(29)
    expectRefused(await browser.start({ to: GHANA }), 'rate_limited', 1)
    h.clock.advance(1)
    const second = await browser.start({ to: GHANA })
    expect(second.body?.resendAt).toBe(new Date(T0 + 30_000 + 60_000).toISOString())
    h.clock.advance(59)
    expectRefused(await browser.start({ to: GHANA }), 'rate_limited', 1)
    h.clock.advance(1)
    expect((await browser.start({ to: GHANA })).body?.resendAt).toBe(new Date(T0 + 90_000 + 120_000).toISOString())
    h.clock.advance(120)
    expect((await browser.start({ to: GHANA })).body?.resendAt).toBe(new Date(T0 + 210_000 + 120_000).toISOString())
    expect(h.sandbox.sandbox.inbox.list({ to: GHANA })).toHaveLength(4)
  })

  it('applies per address across sessions, and lets exactly one of many concurrent starts through', async () => {
    const h = await harness()
    const results = await Promise.all(Array.from({ length: 8 }, () => h.browser().start({ to: GHANA })))
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    for (const refused of results.filter((r) => r.status !== 201)) expectRefused(refused, 'rate_limited')
    expect(h.sandbox.sandbox.inbox.list({ to: GHANA })).toHaveLength(1)
  })

  it('does not hold back a retry after a send that failed upstream', async () => {
    const h = await harness()
    h.sandbox.sandbox.faults.add({ operation: 'create', status: 500 })
    const browser = h.browser()
    expect((await browser.start({ to: GHANA })).status).toBe(503)
    expect((await browser.start({ to: GHANA })).status).toBe(201)
  })
})

describe('send caps', () => {
  const fast = { resendCooldownSeconds: [1] }

  it('caps sends per address per hour and per day', async () => {
    const h = await harness({ proxy: { limits: { ...fast, sendsPerDestination: { hour: 2, day: 3 } } } })
    const browser = h.browser()
    for (let i = 0; i < 2; i++) {
      expect((await browser.start({ to: GHANA })).status).toBe(201)
      h.clock.advance(1)
    }
    expectRefused(await browser.start({ to: GHANA }), 'rate_limited', 3598)
    // Another address is not affected.
    expect((await browser.start({ to: KENYA })).status).toBe(201)
    h.clock.advance(3600)
    expect((await browser.start({ to: GHANA })).status).toBe(201)
    h.clock.advance(3600)
    const daily = await browser.start({ to: GHANA })
    expectRefused(daily, 'rate_limited')
    expect(Number(daily.body?.retryAfter)).toBeGreaterThan(3600)
  })

  it('caps sends per browser session', async () => {
    const h = await harness({ proxy: { limits: { ...fast, sendsPerSession: { hour: 2 } } } })
    const browser = h.browser()
    expect((await browser.start({ to: GHANA })).status).toBe(201)
    expect((await browser.start({ to: KENYA })).status).toBe(201)
    expectRefused(await browser.start({ to: NIGERIA }), 'rate_limited', 3600)
    expect((await h.browser().start({ to: NIGERIA })).status).toBe(201)
  })

  it('caps sends per client IP (behind a trusted proxy), per /64 for IPv6', async () => {
    const h = await harness({ proxy: { limits: { ...fast, sendsPerIp: { hour: 2 } } }, adapter: { trustProxy: true } })
    const from = (ip: string) => h.browser({ headers: { 'x-forwarded-for': `203.0.113.9, ${ip}` } })
    expect((await from('41.66.1.2').start({ to: GHANA })).status).toBe(201)
    expect((await from('41.66.1.2').start({ to: KENYA })).status).toBe(201)
    expectRefused(await from('41.66.1.2').start({ to: NIGERIA }), 'rate_limited')
    // Only the entry the trusted proxy appended counts: the spoofable left one does not.
    expect((await from('41.66.1.3').start({ to: NIGERIA })).status).toBe(201)

    expect((await from('2c0f:f248:0:1::a').start({ to: '+254712345679' })).status).toBe(201)
    expect((await from('2c0f:f248:0:1::b').start({ to: '+254712345680' })).status).toBe(201)
    expectRefused(await from('2c0f:f248:0:1:ffff::c').start({ to: '+254712345681' }), 'rate_limited')
  })

  it('caps sends in all, across sessions, numbers and IPs (the SMS-pumping backstop)', async () => {
    const h = await harness({ proxy: { limits: { ...fast, sendsTotal: { hour: 2 } } } })
    expect((await h.browser().start({ to: GHANA })).status).toBe(201)
    expect((await h.browser().start({ to: KENYA })).status).toBe(201)
    expectRefused(await h.browser().start({ to: NIGERIA }), 'rate_limited', 3600)
    h.clock.advance(3601)
    expect((await h.browser().start({ to: NIGERIA })).status).toBe(201)
  })

  it('skips per-IP caps when no client IP is known, rather than lumping everyone together', async () => {
    // A Fetch runtime with no getClientIp (the Node adapter now records the socket's address).
    const h = await harness({ proxy: { getClientIp: () => undefined, limits: { ...fast, sendsPerIp: { hour: 1 } } } })
    expect((await h.browser().start({ to: GHANA })).status).toBe(201)
    expect((await h.browser().start({ to: KENYA })).status).toBe(201)
  })

  it('an abuser whose own caps are spent no longer eats into the address caps', async () => {
    const h = await harness({ proxy: { limits: { ...fast, sendsPerSession: { hour: 1 }, sendsPerDestination: { hour: 2 } } } })
    const abuser = h.browser()
    expect((await abuser.start({ to: GHANA })).status).toBe(201)
    for (let i = 0; i < 5; i++) {
      h.clock.advance(1)
      expectRefused(await abuser.start({ to: GHANA }), 'rate_limited')
    }
    // Once the abuser's verification is over (another session cannot join a pending one), the
    // address still has its allowance: the refused attempts took none of it.
    h.clock.advance(600)
    expect((await h.browser().start({ to: GHANA })).status).toBe(201)
  })

  it("passes the API's own per-verification send cap on as rate_limited", async () => {
    const h = await harness({ proxy: { limits: fast }, sandbox: { maxSends: 2 } })
    const browser = h.browser()
    for (let i = 0; i < 2; i++) {
      expect((await browser.start({ to: GHANA })).status).toBe(201)
      h.clock.advance(1)
    }
    const refused = await browser.start({ to: GHANA })
    expectRefused(refused, 'rate_limited')
    expect(Number(refused.body?.retryAfter)).toBeLessThanOrEqual(600)
  })
})

describe('failed checks per address', () => {
  it('refuses further checks for an hour once the cap is reached, across verifications', async () => {
    const h = await harness({ proxy: { limits: { failedChecksPerDestinationPerHour: 3, resendCooldownSeconds: [1] } } })
    const browser = h.browser()
    const first = String((await browser.start({ to: GHANA })).body?.id)
    const wrong = h.codeFor(GHANA) === '999999' ? '888888' : '999999'
    for (let i = 0; i < 3; i++) expect((await browser.check(first, wrong)).status).toBe(200)
    expectRefused(await browser.check(first, h.codeFor(GHANA)), 'too_many_attempts', 3600)
    // The right code was never sent upstream: the verification is still pending there.
    expect((await browser.status(first)).body?.status).toBe('pending')

    // A fresh verification of the same address does not reset the count.
    h.clock.advance(600)
    const second = String((await browser.start({ to: GHANA })).body?.id)
    expect(second).not.toBe(first)
    expectRefused(await browser.check(second, h.codeFor(GHANA)), 'too_many_attempts', 3000)

    h.clock.advance(3000)
    const third = String((await browser.start({ to: GHANA })).body?.id)
    expect((await browser.check(third, h.codeFor(GHANA))).body?.status).toBe('approved')
  })
})

/** Counters every send shares (the total caps, a country's tallies): not left behind per send. */
const shared = (key: string) => ['st:', 'sc:', 'um:', 'vc:'].some((prefix) => key.startsWith(prefix)) || /^cg:[sv][bd]:[A-Z]{2}:/.test(key)

describe('the default memory store', () => {
  it('holds the counters every send sendsTotal allows leaves behind, so it is never full before the cap is spent', async () => {
    // Counted through a store that notes each key a take or an add wrote, with its window.
    let clockNow = T0
    const inner = createMemoryStore({ now: () => clockNow })
    const windows = new Map<string, number>()
    const note = (quotas: readonly { key: string; windowSeconds: number }[]) => {
      for (const quota of quotas) windows.set(quota.key, quota.windowSeconds)
    }
    const store: VerifyStore = {
      take: async (quotas) => {
        const taken = await inner.take(quotas)
        if (taken.ok) note(quotas)
        return taken
      },
      add: async (tallies) => {
        note(tallies)
        return inner.add(tallies)
      },
      give: (tallies) => inner.give(tallies),
      get: (keys) => inner.get(keys),
      write: (op) => inner.write(op),
    }
    // Budgets and the guard on, as by default: fresh addresses, sessions and numbers, each number in
    // a block of its own (what a botnet sends), the costliest send there is for the store.
    const h = await harness({ adapter: { trustProxy: 1 }, proxy: { store, budgets: {}, conversionGuard: {} } })
    clockNow = h.clock.now()
    const numbers = ['+233241234567', '+233201234567', '+233541234567', '+233271234567', '+233501234567']
    for (const [i, to] of numbers.entries()) expect((await h.browser({ headers: { 'x-forwarded-for': `41.72.${i}.1` } }).start({ to })).status).toBe(201)
    const own = [...windows].filter(([key]) => !shared(key))
    const perSend = (long: boolean) => own.filter(([, seconds]) => (seconds >= 86_400) === long).length / numbers.length
    expect(perSend(true)).toBe(COUNTERS_PER_SEND.day)
    expect(perSend(false)).toBe(COUNTERS_PER_SEND.hour)
    // The store's bound: at least 100,000, and those counters for every send sendsTotal allows.
    expect(defaultMaxCounters(DEFAULT_LIMITS)).toBe(100_000)
    const busy = resolveLimits({ sendsTotal: { hour: 5000, day: 50_000 } })
    expect(defaultMaxCounters(busy)).toBe(7 * 50_000 + 6 * 5000)
  })
})
