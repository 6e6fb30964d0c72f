/**
 * The contract every {@link VerifyStore} passes, as a Vitest suite: `describeStoreContract(name,
 * makeFixture)` in a `*.test.ts` file. Exported so a store written outside this repository can
 * prove the same things: atomicity under 200 concurrent calls from three instances over one
 * backend, fixed windows and TTLs, compare-and-set, refunds, deadlines, and outages turned into
 * {@link StoreUnavailableError}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StoreUnavailableError } from './store-unavailable-error'
import type { Quota, VerifyStore } from './verify-store'
import { storeUntil, storeWithDeadline } from './with-deadline'

/** What {@link describeStoreContract} runs against: stores over one shared backend, and hooks to break it. */
export interface StoreContractFixture {
  /** Instances over ONE backend (three clients, three Worker instances, three processes...), the more the better; at least one. */
  stores: readonly VerifyStore[]
  /** Moves the backend's clock forward; without it the suite waits (about a second) for windows to end. */
  advance?: (milliseconds: number) => void | Promise<void>
  /** Makes the backend fail (stopped, unreachable); resolves a function that brings it back. Omit when it cannot fail (memory). */
  outage?: () => Promise<() => Promise<void>>
  /** Makes the backend hang (connections open, no answer); resolves a function that ends the hang. */
  hang?: () => Promise<() => Promise<void>>
  /** Releases clients and servers after the suite. */
  close?: () => Promise<void>
}

/** Calls made at once by the atomicity tests, spread over the fixture's stores. */
const CONCURRENT = 200

/** Defines the contract suite for one store. `makeFixture` runs once, before the suite; each test uses keys of its own. */
export function describeStoreContract(name: string, makeFixture: () => Promise<StoreContractFixture>): void {
  describe(`store contract: ${name}`, () => {
    let fixture: StoreContractFixture | undefined
    const f = (): StoreContractFixture => {
      if (!fixture) throw new Error('the fixture did not start')
      return fixture
    }
    const store = (i = 0): VerifyStore => f().stores[i % f().stores.length]!
    let prefix = ''
    let n = 0
    /** A fresh key: tests never see each other's counters. */
    const key = (label: string): string => `${prefix}${label}:${(n += 1)}`

    beforeAll(async () => {
      fixture = await makeFixture()
      prefix = `contract:${crypto.randomUUID()}:`
      if (fixture.stores.length === 0) throw new Error('the fixture has no store')
    }, 60_000)
    afterAll(async () => {
      await fixture?.close?.()
    }, 30_000)

    /** Waits until `key` reads absent: the clock is moved when the fixture can, else real time passes. */
    async function untilGone(keys: readonly string[], milliseconds: number): Promise<void> {
      const advance = f().advance
      if (advance) await advance(milliseconds + 1)
      const started = Date.now()
      for (;;) {
        const values = await store().get(keys)
        if (values.every((v) => v === undefined)) return
        if (Date.now() - started > milliseconds + 10_000) throw new Error(`keys still present ${Date.now() - started} ms after a ${milliseconds} ms window: ${JSON.stringify(values)}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }

    it('take: under the limit adds, over it refuses with the quota index and the seconds left, changing nothing', async () => {
      const [a, b] = [key('a'), key('b')]
      const quotas = (amountB: number): Quota[] => [
        { key: a, windowSeconds: 60, limit: 5, amount: 2 },
        { key: b, windowSeconds: 600, limit: 3, amount: amountB },
      ]
      expect(await store(0).take(quotas(1))).toEqual({ ok: true })
      expect(await store(1).take(quotas(2))).toEqual({ ok: true })
      expect(await store(2).get([a, b])).toEqual(['4', '3'])
      // a has room for 1, not 2: refused at index 0, and b's part not added either.
      const refusedA = await store(1).take(quotas(1))
      expect(refusedA).toMatchObject({ ok: false, index: 0 })
      const refusedB = await store(2).take([{ key: a, windowSeconds: 60, limit: 100 }, { key: b, windowSeconds: 600, limit: 3 }])
      expect(refusedB).toMatchObject({ ok: false, index: 1 })
      if (refusedB.ok) throw new Error('unreachable')
      expect(refusedB.retryAfterSeconds).toBeGreaterThanOrEqual(1)
      expect(refusedB.retryAfterSeconds).toBeLessThanOrEqual(600)
      expect(refusedB.retryAfterSeconds).toBeGreaterThan(500)
      // Nothing of either refused take was added, a's part included.
      expect(await store(0).get([a, b])).toEqual(['4', '3'])
    })

    it('take: a key named twice counts both amounts; amount 0 only checks; nothing to take is ok', async () => {
      const k = key('twice')
      expect(await store().take([{ key: k, windowSeconds: 60, limit: 3, amount: 2 }, { key: k, windowSeconds: 60, limit: 3, amount: 2 }])).toMatchObject({ ok: false, index: 1 })
      expect(await store().get([k])).toEqual([undefined])
      expect(await store().take([{ key: k, windowSeconds: 60, limit: 3, amount: 0 }])).toEqual({ ok: true })
      expect(await store().get([k])).toEqual([undefined])
      expect(await store().take([{ key: k, windowSeconds: 60, limit: 3 }, { key: k, windowSeconds: 60, limit: 3, amount: 2 }])).toEqual({ ok: true })
      expect(await store().get([k])).toEqual(['3'])
      expect(await store().take([{ key: k, windowSeconds: 60, limit: 3, amount: 0 }])).toEqual({ ok: true })
      expect(await store().take([])).toEqual({ ok: true })
    })

    it('add: counters with no cap, new values in order', async () => {
      const [a, b] = [key('a'), key('b')]
      expect(await store(0).add([{ key: a, windowSeconds: 60 }, { key: b, windowSeconds: 60, amount: 1_000_000 }])).toEqual([1, 1_000_000])
      expect(await store(1).add([{ key: b, windowSeconds: 60, amount: 2_500_000 }, { key: a, windowSeconds: 60, amount: 0 }])).toEqual([3_500_000, 1])
      expect(await store(2).get([a, b])).toEqual(['1', '3500000'])
      expect(await store().add([])).toEqual([])
    })

    it('give: gives back, never below 0, and a counter back at 0 reads absent', async () => {
      const [a, b, c] = [key('a'), key('b'), key('absent')]
      await store(0).take([{ key: a, windowSeconds: 60, limit: 10, amount: 5 }, { key: b, windowSeconds: 60, limit: 10, amount: 2 }])
      await store(1).give([{ key: a, windowSeconds: 60, amount: 3 }, { key: b, windowSeconds: 60, amount: 5 }, { key: c, windowSeconds: 60 }])
      expect(await store(2).get([a, b, c])).toEqual(['2', undefined, undefined])
      // The refund made room again: 2 + 8 <= 10.
      expect(await store(2).take([{ key: a, windowSeconds: 60, limit: 10, amount: 8 }])).toEqual({ ok: true })
      await store().give([])
    })

    it('write: sets and deletes atomically, compare-and-set by expect, reads absent keys as undefined', async () => {
      const [a, b, c] = [key('a'), key('b'), key('c')]
      expect(await store().get([])).toEqual([])
      expect(await store(0).write({ set: [{ key: a, value: 'one', ttlSeconds: 60 }, { key: b, value: '{"json":true}', ttlSeconds: 60 }] })).toBe(true)
      expect(await store(1).get([a, b, c])).toEqual(['one', '{"json":true}', undefined])
      // An expect that fails writes nothing: neither the set nor the delete.
      expect(await store(1).write({ expect: [{ key: a, value: 'one' }, { key: c, value: 'x' }], set: [{ key: c, value: 'new', ttlSeconds: 60 }], delete: [b] })).toBe(false)
      expect(await store(2).get([a, b, c])).toEqual(['one', '{"json":true}', undefined])
      expect(await store(2).write({ expect: [{ key: a, value: 'one' }, { key: c, value: undefined }], set: [{ key: c, value: 'new', ttlSeconds: 60 }], delete: [b] })).toBe(true)
      expect(await store(0).get([a, b, c])).toEqual(['one', undefined, 'new'])
      // Absent means absent: an empty string is a value.
      expect(await store(0).write({ expect: [{ key: b, value: '' }], set: [{ key: b, value: 'x', ttlSeconds: 60 }] })).toBe(false)
      expect(await store(0).write({ set: [{ key: b, value: '', ttlSeconds: 60 }] })).toBe(true)
      expect(await store(1).get([b])).toEqual([''])
      expect(await store(1).write({ expect: [{ key: b, value: undefined }], set: [{ key: b, value: 'x', ttlSeconds: 60 }] })).toBe(false)
      // Deleted and set in one write: it ends set. A write of nothing succeeds.
      expect(await store(2).write({ delete: [a], set: [{ key: a, value: 'two', ttlSeconds: 60 }] })).toBe(true)
      expect(await store(0).get([a])).toEqual(['two'])
      expect(await store(0).write({})).toBe(true)
      // Text survives as written (unicode, newlines, quotes).
      const text = 'ünïcødé "quoted"\nline\\ 🔑'
      expect(await store(0).write({ set: [{ key: c, value: text, ttlSeconds: 60 }] })).toBe(true)
      expect(await store(1).get([c])).toEqual([text])
    })

    it('windows are fixed and end, TTLs expire, and a refund after the end does not recreate the counter', { timeout: 30_000 }, async () => {
      const [counter, tally, record, long] = [key('window'), key('tally'), key('record'), key('long')]
      expect(await store(0).take([{ key: counter, windowSeconds: 1, limit: 2 }, { key: long, windowSeconds: 3600, limit: 5 }])).toEqual({ ok: true })
      // A later take or add naming a longer window does not extend the one that started.
      expect(await store(1).take([{ key: counter, windowSeconds: 3600, limit: 2 }])).toEqual({ ok: true })
      expect(await store(2).take([{ key: counter, windowSeconds: 3600, limit: 2 }])).toMatchObject({ ok: false, index: 0, retryAfterSeconds: 1 })
      expect(await store(0).add([{ key: tally, windowSeconds: 1 }])).toEqual([1])
      expect(await store(1).add([{ key: tally, windowSeconds: 3600 }])).toEqual([2])
      expect(await store(2).write({ set: [{ key: record, value: 'v', ttlSeconds: 1 }] })).toBe(true)
      await untilGone([counter, tally, record], 1000)
      expect(await store().get([long])).toEqual(['1'])
      await store(1).give([{ key: counter, windowSeconds: 1 }])
      expect(await store(2).get([counter])).toEqual([undefined])
      // A new window starts from zero.
      expect(await store(0).take([{ key: counter, windowSeconds: 60, limit: 2, amount: 2 }])).toEqual({ ok: true })
      expect(await store(0).add([{ key: tally, windowSeconds: 60 }])).toEqual([1])
      expect(await store(1).write({ expect: [{ key: record, value: undefined }], set: [{ key: record, value: 'w', ttlSeconds: 60 }] })).toBe(true)
    })

    it(`take is atomic: ${CONCURRENT} concurrent takes from every instance grant exactly the limit, on every quota`, { timeout: 60_000 }, async () => {
      const [a, b, c, d] = [key('a'), key('b'), key('c'), key('d')]
      const results = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          store(i).take(
            i % 2 === 0
              ? [{ key: a, windowSeconds: 60, limit: 50 }, { key: b, windowSeconds: 60, limit: 10_000, amount: 2 }]
              : [{ key: c, windowSeconds: 60, limit: 10_000, amount: 3 }, { key: d, windowSeconds: 60, limit: 30 }],
          ),
        ),
      )
      const granted = (parity: number) => results.filter((r, i) => i % 2 === parity && r.ok).length
      expect([granted(0), granted(1)]).toEqual([50, 30])
      // Refused takes added nothing to the quota that would have fitted.
      expect(await store().get([a, b, c, d])).toEqual(['50', '100', '90', '30'])
      const indexes = results.flatMap((r, i) => (r.ok ? [] : [{ parity: i % 2, index: r.index }]))
      expect(indexes.filter((r) => r.index !== r.parity)).toEqual([])
    })

    it(`add, give and compare-and-set are atomic under ${CONCURRENT} concurrent calls`, { timeout: 60_000 }, async () => {
      const [tally, counter, record] = [key('tally'), key('counter'), key('record')]
      const values = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => store(i).add([{ key: tally, windowSeconds: 60 }])))
      expect(values.map((v) => v[0]).toSorted((x, y) => x! - y!)).toEqual(Array.from({ length: CONCURRENT }, (_, i) => i + 1))
      await store().take([{ key: counter, windowSeconds: 60, limit: 1000, amount: CONCURRENT + 50 }])
      await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => store(i).give([{ key: counter, windowSeconds: 60 }])))
      expect(await store().get([counter])).toEqual(['50'])
      const claims = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => store(i).write({ expect: [{ key: record, value: undefined }], set: [{ key: record, value: `claim-${i}`, ttlSeconds: 60 }] })),
      )
      expect(claims.filter(Boolean)).toHaveLength(1)
      expect(await store().get([record])).toEqual([`claim-${claims.indexOf(true)}`])
    })

    it('rejects arguments that are not whole, positive amounts, windows and TTLs with a TypeError', async () => {
      const k = key('bad')
      await expect(store().take([{ key: k, windowSeconds: 60, limit: 5, amount: -1 }])).rejects.toThrow(TypeError)
      await expect(store().take([{ key: k, windowSeconds: 60, limit: 5, amount: 1.5 }])).rejects.toThrow(TypeError)
      await expect(store().add([{ key: k, windowSeconds: 0 }])).rejects.toThrow(TypeError)
      await expect(store().write({ set: [{ key: k, value: 'v', ttlSeconds: Number.NaN }] })).rejects.toThrow(TypeError)
      await expect(store().take([{ key: '', windowSeconds: 60, limit: 5 }])).rejects.toThrow(TypeError)
      expect(await store().get([k])).toEqual([undefined])
    })

    it('a deadline holds: a hung backend fails fast with StoreUnavailableError, and a whole request shares one deadline', { timeout: 30_000 }, async () => {
      const k = key('deadline')
      // Within its deadline, a healthy store answers normally.
      expect(await storeUntil(store(), Date.now() + 5000).take([{ key: k, windowSeconds: 60, limit: 1 }])).toEqual({ ok: true })
      await expect(storeUntil(store(), Date.now() - 1).get([k])).rejects.toMatchObject({ name: 'StoreUnavailableError', code: 'store_unavailable', reason: 'timeout' })
      const hang = f().hang
      if (!hang) return
      const end = await hang()
      try {
        const started = Date.now()
        // A read: a late write could still land once the hang ends (the proxy gives back what it can).
        const error = await storeWithDeadline(store(1), 300)
          .get([k])
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(StoreUnavailableError)
        expect(error).toMatchObject({ reason: 'timeout' })
        expect(Date.now() - started).toBeLessThan(5000)
      } finally {
        await end()
      }
      // Once the backend answers again, so does the store.
      expect(await waitFor(() => store(1).get([k]))).toEqual(['1'])
    })

    it('an outage rejects every method with StoreUnavailableError, and the store works again after it', { timeout: 60_000 }, async () => {
      const outage = f().outage
      if (!outage) return
      const k = key('outage')
      const restore = await outage()
      try {
        const guarded = storeWithDeadline(store(2), 3000)
        // Keys of their own: a client with an offline queue sends these once the backend is back.
        const calls: Promise<unknown>[] = [
          guarded.take([{ key: key('queued'), windowSeconds: 60, limit: 5 }]),
          guarded.give([{ key: key('queued'), windowSeconds: 60 }]),
          guarded.add([{ key: key('queued'), windowSeconds: 60 }]),
          guarded.get([key('queued')]),
          guarded.write({ set: [{ key: key('queued'), value: 'v', ttlSeconds: 60 }] }),
        ]
        const settled = await Promise.allSettled(calls)
        expect(settled.map((s) => s.status === 'rejected' && s.reason instanceof StoreUnavailableError)).toEqual([true, true, true, true, true])
        // Unguarded, the store itself rejects with StoreUnavailableError (or waits, as a client with an offline queue does: the deadline is the proxy's).
        const raw = await Promise.race([store(2).get([key('queued')]).then(() => 'resolved', (e: unknown) => e), new Promise((resolve) => setTimeout(() => resolve('pending'), 1000))])
        expect(raw === 'pending' || raw instanceof StoreUnavailableError).toBe(true)
      } finally {
        await restore()
      }
      expect(await waitFor(() => store(2).take([{ key: k, windowSeconds: 60, limit: 5 }]))).toEqual({ ok: true })
    })
  })
}

/** Retries `call` until it resolves (a client reconnecting after an outage), for up to 20 s. */
async function waitFor<T>(call: () => Promise<T>): Promise<T> {
  const started = Date.now()
  for (;;) {
    try {
      return await storeWithDeadline({ call }, 2000).call()
    } catch (error) {
      if (Date.now() - started > 20_000) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
