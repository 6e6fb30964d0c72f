import { createMemoryStore, type VerifyStore } from '@hakiki/store'
import { describe, expect, it } from 'vitest'
import type { ConversionEvent } from './conversion-guard-events'
import { checkConversion, commitConversionChanges, conversionPrefix, createConversionGuard, resolveConversionGuard, type ConversionDestination, type ConversionGuard } from './conversion-guard'

const T0 = Date.parse('2030-01-01T00:00:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A store and a guard on one deterministic clock. */
function setup(options: Parameters<typeof createConversionGuard>[0] = {}) {
  const clock = { t: T0 }
  const store = createMemoryStore({ now: () => clock.t })
  const guard = createConversionGuard(options)
  return { clock, store, guard }
}

/** The n-th number of Ghana's +233241 block (a million numbers: one prefix). */
const ghana = (n: number, block = '+233241'): ConversionDestination => ({ to: `${block}${String(n % 1_000_000).padStart(6, '0')}`, country: 'GH' })

/** `type scope` of each event, to compare in one line. */
const summary = (events: readonly ConversionEvent[]) => events.map((e) => `${e.type} ${e.scope}`)

async function send(store: VerifyStore, guard: ConversionGuard, to: ConversionDestination, now: number, verified: boolean): Promise<void> {
  await store.add(guard.talliesOnSend(to, now))
  if (verified) await store.add(guard.talliesOnVerified(to, now + 60_000))
}

/**
 * `perDay` sends a day to numbers made by `to`, spread evenly over `days` days before `clock.t`,
 * a share `conversion` of them verified a minute later.
 */
async function history(s: ReturnType<typeof setup>, to: (n: number) => ConversionDestination, days: number, perDay: number, conversion: number): Promise<void> {
  const start = s.clock.t - days * DAY
  for (let i = 0; i < days * perDay; i++) {
    s.clock.t = start + Math.floor((i * DAY) / perDay)
    await send(s.store, s.guard, to(i), s.clock.t, (i % 100) < conversion * 100)
  }
  s.clock.t = start + days * DAY
}

/** `count` sends spread over the next `minutes`, a share `conversion` verified; resolves the last decision. */
async function burst(s: ReturnType<typeof setup>, to: (n: number) => ConversionDestination, count: number, minutes: number, conversion: number) {
  const start = s.clock.t
  const events: ConversionEvent[] = []
  let last
  for (let i = 0; i < count; i++) {
    s.clock.t = start + Math.floor((i * minutes * 60_000) / count)
    const checked = await checkConversion(s.store, s.guard, to(i), s.clock.t)
    events.push(...checked.events)
    last = checked.decision
    await send(s.store, s.guard, to(i), s.clock.t, (i % 100) < conversion * 100)
  }
  return { decision: last, events }
}

describe('conversion guard', () => {
  it('blocks a prefix whose volume rises above its baseline while nobody verifies, and only that prefix', async () => {
    const s = setup()
    // A week of 100 sends a day to the prefix, 80 % verified: its baseline expects ~4 sends an
    // hour; Ghana in all (9 other prefixes alike) expects ~42.
    await history(s, (n) => ghana(n, `+23324${n % 10}`), 7, 1000, 0.8)
    const quiet = await checkConversion(s.store, s.guard, ghana(1), s.clock.t)
    expect(quiet.decision.blocked).toBeUndefined()
    expect(quiet.decision.scopes[0]?.windows[0]?.expected).toBeCloseTo(100 / 24, 1)

    // 40 sends in half an hour, none verified.
    const attack = await burst(s, (n) => ghana(500_000 + n), 40, 30, 0)
    const blocked = await checkConversion(s.store, s.guard, ghana(7), s.clock.t)
    expect(blocked.decision.blocked).toMatchObject({ scope: 'prefix', prefix: '+233241', country: 'GH', until: expect.any(Number) })
    // Exactly one event for the block, with the figures that tripped it; the prefix's 10 % of
    // Ghana's traffic did not trip the country.
    const events = [...attack.events, ...blocked.events]
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'conversion.blocked', scope: 'prefix', prefix: '+233241', window: { seconds: 3600 } })
    const trippedAt = events[0]?.at ?? 0
    expect(events[0]).toMatchObject({ until: trippedAt + 12 * HOUR })
    const window = events[0]?.type === 'conversion.blocked' ? events[0].window : undefined
    expect(window?.sends).toBeGreaterThanOrEqual(20)
    expect(window?.verified).toBeLessThan(0.3 * (window?.sends ?? 0))
    // Another prefix of the same country is not blocked.
    expect((await checkConversion(s.store, s.guard, ghana(1, '+233209'), s.clock.t)).decision.blocked).toBeUndefined()
  })

  it('does not block the same rise where users verify, nor a low-converting prefix at its usual volume', async () => {
    const s = setup()
    await history(s, (n) => ghana(n), 7, 100, 0.8)
    const verifying = await burst(s, (n) => ghana(500_000 + n), 40, 30, 0.8)
    expect(verifying.events).toEqual([])
    expect(verifying.decision?.blocked).toBeUndefined()

    // A prefix whose real users verify only 25 % of their codes, 1,000 sends a day: its baseline
    // (what 25 % explains at the 30 % threshold: ~833 a day, ~35 an hour) covers an hour of 60.
    const t = setup()
    await history(t, (n) => ghana(n, '+233501'), 7, 1000, 0.25)
    const usual = await burst(t, (n) => ghana(700_000 + n, '+233501'), 60, 60, 0.25)
    expect(usual.events).toEqual([])
    // Three times that baseline, still at 25 %, trips it (the prefix is all of Ghana's traffic
    // here, so Ghana trips as well).
    const rise = await burst(t, (n) => ghana(800_000 + n, '+233501'), 300, 60, 0.25)
    expect(summary(rise.events)).toEqual(['conversion.blocked prefix', 'conversion.blocked country'])
  })

  it('says a destination surges when its day holds minVolumeSends far above its baseline, even if every code verifies; never blocks it for that', async () => {
    const s = setup()
    // 49 verified sends in a day: within minVolumeSends (50), nothing happens.
    const under = await burst(s, (n) => ghana(300_000 + n), 49, 600, 1)
    expect(under.decision?.surging).toBe(false)
    // The 50th: the prefix (and Ghana, its only traffic) is surging, and nothing is blocked.
    const flood = await burst(s, (n) => ghana(400_000 + n), 2, 10, 1)
    expect(flood.events).toEqual([])
    expect(flood.decision?.blocked).toBeUndefined()
    expect(flood.decision?.surging).toBe(true)
    expect(flood.decision?.scopes.map((scope) => scope.surging)).toEqual([true, true])
    // A week of 100 verified sends a day is the prefix's usual: 100 more today is no surge.
    const t = setup()
    await history(t, (n) => ghana(n), 7, 100, 1)
    expect((await burst(t, (n) => ghana(500_000 + n), 100, 600, 1)).decision?.surging).toBe(false)
    // A country's volume spread over prefixes: the country surges, no prefix does; a safe
    // country never surges.
    const u = setup({ minVolumeSends: 500 })
    const spread = await burst(u, (n) => ghana(n, `+23324${n % 10}`), 400, 600, 1)
    expect(spread.decision?.surging).toBe(false)
    const more = await burst(u, (n) => ghana(1000 + n, `+23324${n % 10}`), 101, 60, 1)
    expect(more.events).toEqual([])
    expect(more.decision?.scopes.map((scope) => scope.surging)).toEqual([false, true])
    const safe = await checkConversion(u.store, createConversionGuard({ minVolumeSends: 500, safe: ['GH'] }), ghana(5000, '+233245'), u.clock.t)
    expect(safe.decision.surging).toBe(false)
  })

  it('never blocks on a handful of sends: the minimum sample', async () => {
    const s = setup()
    // A prefix nobody sent to before: no baseline at all. 19 unverified sends in an hour pass.
    const few = await burst(s, (n) => ghana(n), 19, 50, 0)
    expect(few.events).toEqual([])
    expect((await checkConversion(s.store, s.guard, ghana(99), s.clock.t)).decision.blocked).toBeUndefined()
    // The 20th makes the sample.
    s.clock.t += 60_000
    await send(s.store, s.guard, ghana(19), s.clock.t, false)
    expect((await checkConversion(s.store, s.guard, ghana(99), s.clock.t)).decision.blocked?.scope).toBe('prefix')

    // A smaller minimum is the app's choice.
    const small = setup({ minSends: 5 })
    expect(summary((await burst(small, (n) => ghana(n), 6, 10, 0)).events)).toEqual(['conversion.blocked prefix', 'conversion.blocked country'])
  })

  it('a slow pump cannot teach the guard its volume: unverified days add nothing to the baseline', async () => {
    const s = setup()
    // Two weeks of 15 unverified sends a day (under the minimum sample each day and hour).
    await history(s, (n) => ghana(n), 14, 15, 0)
    expect((await checkConversion(s.store, s.guard, ghana(1), s.clock.t)).decision.scopes[0]?.windows[1]?.expected).toBe(0)
    // Rising to 25 a day: blocked on the day window though every day looked alike.
    const day = await burst(s, (n) => ghana(1000 + n), 25, 24 * 60 - 10, 0)
    expect(summary(day.events)).toEqual(['conversion.blocked prefix', 'conversion.blocked country'])
    expect(day.events[0]).toMatchObject({ type: 'conversion.blocked', window: { seconds: 86_400 } })
  })

  it('blocks a country when the pump spreads over prefixes each under the minimum', async () => {
    const s = setup()
    // 30 prefixes, 2 sends each, in an hour: no prefix has a sample; Ghana does.
    const spread = await burst(s, (n) => ghana(n, `+2332${String(10 + (n % 30))}`), 60, 60, 0)
    expect(spread.events.map((e) => e.type === 'conversion.blocked' && e.scope)).toEqual(['country'])
    const decision = (await checkConversion(s.store, s.guard, ghana(5, '+233599'), s.clock.t)).decision
    expect(decision.blocked).toMatchObject({ scope: 'country', country: 'GH' })
    expect(decision.blocked?.prefix).toBeUndefined()
    // Another country is not.
    expect((await checkConversion(s.store, s.guard, { to: '+254712345678', country: 'KE' }, s.clock.t)).decision.blocked).toBeUndefined()
  })

  it('never blocks the safe list: prefixes and countries', async () => {
    for (const safe of [['+233241'], ['+23324'], ['GH']]) {
      const s = setup({ safe })
      const attack = await burst(s, (n) => ghana(n), 60, 30, 0)
      expect({ safe, events: attack.events }).toEqual({ safe, events: [] })
      const decision = (await checkConversion(s.store, s.guard, ghana(1), s.clock.t)).decision
      expect(decision.blocked).toBeUndefined()
      // Still counted: taking a prefix off the list leaves its figures in place.
      expect(decision.scopes[0]).toMatchObject({ safe: true, windows: [{ sends: 60 }, { sends: 60 }] })
    }
    // A safe prefix elsewhere does not shelter this one.
    const s = setup({ safe: ['+233242', 'KE'] })
    expect(summary((await burst(s, (n) => ghana(n), 40, 30, 0)).events)).toEqual(['conversion.blocked prefix', 'conversion.blocked country'])
  })

  it('ends a block at its expiry: unblocked once quiet, blocked again if the pump goes on', async () => {
    const s = setup({ blockSeconds: 3600 })
    await burst(s, (n) => ghana(n), 30, 30, 0)
    const block = (await checkConversion(s.store, s.guard, ghana(1), s.clock.t)).decision.blocked
    expect(block?.scope).toBe('prefix')
    const until = block?.until ?? 0

    // Just before the end: still blocked, and no change to write.
    s.clock.t = until - 1
    const late = await checkConversion(s.store, s.guard, ghana(1), s.clock.t)
    expect(late.decision.blocked).toBeDefined()
    expect(late.decision.changes).toEqual([])

    // Hours later, quiet: the first start ends it and says so, once per scope. The 30 sends of
    // the day are still in the day window, but only the 10 after the block started count now.
    s.clock.t = until + 10 * HOUR
    const after = await checkConversion(s.store, s.guard, ghana(1), s.clock.t)
    expect(after.decision.blocked).toBeUndefined()
    expect(after.events[0]).toEqual({ type: 'conversion.unblocked', at: s.clock.t, scope: 'prefix', country: 'GH', prefix: '+233241', since: block?.since })
    expect(summary(after.events)).toEqual(['conversion.unblocked prefix', 'conversion.unblocked country'])
    expect((await checkConversion(s.store, s.guard, ghana(1), s.clock.t)).events).toEqual([])

    // Pumped again: blocked again (a new block, a new event).
    const again = await burst(s, (n) => ghana(n), 30, 30, 0)
    expect(summary(again.events)).toEqual(['conversion.blocked prefix', 'conversion.blocked country'])
  })

  it('a block that ends during the pump is renewed, not cleared', async () => {
    const s = setup({ blockSeconds: 900 })
    const first = await burst(s, (n) => ghana(n), 120, 60, 0)
    // Blocked after the 20th send, renewed each time the 15-minute block ran out.
    expect(summary(first.events).filter((e) => e.endsWith('prefix'))).toEqual(Array.from({ length: 4 }, () => 'conversion.blocked prefix'))
  })

  it('two instances sharing one store agree, and only one of them reports the block', async () => {
    const clock = { t: T0 }
    const store = createMemoryStore({ now: () => clock.t })
    const a = createConversionGuard()
    const b = createConversionGuard()
    // Sends go through both instances in turn.
    for (let i = 0; i < 25; i++) {
      clock.t = T0 + i * 60_000
      await store.add((i % 2 === 0 ? a : b).talliesOnSend(ghana(i), clock.t))
    }
    // Both read before either writes (concurrent starts on two instances).
    const [readA, readB] = await Promise.all([store.get(a.keysToRead(ghana(1), clock.t)), store.get(b.keysToRead(ghana(2), clock.t))])
    const decisionA = a.decide(ghana(1), readA, clock.t)
    const decisionB = b.decide(ghana(2), readB, clock.t)
    expect(decisionA.blocked?.scope).toBe('prefix')
    expect(decisionB.blocked?.scope).toBe('prefix')
    const events = (await Promise.all([commitConversionChanges(store, decisionA.changes), commitConversionChanges(store, decisionB.changes)])).flat()
    expect(summary(events)).toEqual(['conversion.blocked prefix', 'conversion.blocked country'])
    // The loser sees the winner's block, with nothing more to write.
    clock.t += 60_000
    const seen = b.decide(ghana(3), await store.get(b.keysToRead(ghana(3), clock.t)), clock.t)
    expect(seen.changes).toEqual([])
    expect(seen.blocked).toMatchObject({ scope: 'prefix', until: events[0]?.type === 'conversion.blocked' ? events[0].until : -1 })
  })

  it('says closed exactly the day buckets two or more whole days back (their values can no longer change)', () => {
    const today = Math.floor(T0 / DAY)
    for (const guard of [createConversionGuard(), createConversionGuard({ baselineDays: 3, windowSeconds: 1800, bucketSeconds: 600 })]) {
      const keys = guard.keysToRead(ghana(1), T0 + 5 * HOUR)
      const closed = keys.filter((_, i) => guard.isClosed(i))
      expect(closed).toEqual(keys.filter((key) => /^cg:[sv]d:/.test(key) && Number(key.split(':').at(-1)) <= today - 2))
      // Sends and verifications, prefix and country, each day from the day before yesterday back.
      expect(closed).toHaveLength(2 * 2 * (guard.settings.baselineDays - 1))
    }
  })

  it('reads one key list per start and adds four tallies per send', () => {
    const guard = createConversionGuard()
    // Per scope: 5 short buckets and 8 days, sends and verifications, and the block.
    expect(guard.keysToRead(ghana(1), T0)).toHaveLength(2 * (2 * 5 + 2 * 8 + 1))
    expect(guard.talliesOnSend(ghana(1), T0).map((t) => t.key)).toEqual([`cg:sb:+233241:${T0 / 900_000}`, `cg:sd:+233241:${T0 / DAY}`, `cg:sb:GH:${T0 / 900_000}`, `cg:sd:GH:${T0 / DAY}`])
    expect(guard.talliesOnVerified(ghana(1), T0, 2).map((t) => `${t.key} ${t.amount}`)).toEqual([`cg:vb:+233241:${T0 / 900_000} 2`, `cg:vd:+233241:${T0 / DAY} 2`, `cg:vb:GH:${T0 / 900_000} 2`, `cg:vd:GH:${T0 / DAY} 2`])
    expect(() => guard.decide(ghana(1), [], T0)).toThrow(TypeError)
    expect(conversionPrefix('+14155551234')).toBe('+14155')
    expect(conversionPrefix('+3541234')).toBe('+354')
  })

  it('checks its settings', () => {
    expect(resolveConversionGuard()).toMatchObject({ windowSeconds: 3600, minSends: 20, minConversion: 0.3, blockSeconds: 43_200 })
    expect(() => resolveConversionGuard({ bucketSeconds: 700 })).toThrow(/divide/)
    expect(() => resolveConversionGuard({ minConversion: 2 })).toThrow(TypeError)
    expect(() => resolveConversionGuard({ minSends: 0 })).toThrow(TypeError)
    expect(() => resolveConversionGuard({ safe: ['233'] })).toThrow(/safe/)
  })
})
