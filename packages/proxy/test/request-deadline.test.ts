/**
 * Issue 19, item 5: one store deadline per request, not per command, and a request that the store
 * failed gives back what it took.
 */
import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '@hakiki/store'
import type { VerifyStore } from '@hakiki/store'
import { harnessPerTest, T0 } from './harness'

const harness = harnessPerTest()
const number = (n: number) => `+23324${String(3_000_000 + n).padStart(7, '0')}`

/** A memory store whose every call answers after `delayMs` (a Redis far away, or in trouble). */
function slowStore(now: () => number): VerifyStore & { delayMs: number } {
  const inner = createMemoryStore({ now })
  const slow = { delayMs: 0 } as VerifyStore & { delayMs: number }
  for (const method of ['take', 'give', 'add', 'get', 'write'] as const) {
    ;(slow as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      if (slow.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, slow.delayMs))
      return (inner[method] as (...a: unknown[]) => Promise<unknown>).apply(inner, args)
    }
  }
  return slow
}

describe('the store deadline', () => {
  it('is one deadline for the whole request, and what the request took is given back', async () => {
    let t = T0
    const store = slowStore(() => t)
    const h = await harness({ proxy: { store, storeTimeoutMs: 1500, now: () => t, limits: { sendsPerIp: { hour: 2 } } } })
    // Each call alone is well within 1.5 s; two of them are not, and a start makes three. It used
    // to answer 201 after seconds (14.6 s at 0.9 s per call in the finding, ~16 calls a start).
    store.delayMs = 800
    const startedAt = performance.now()
    const slow = await h.browser().start({ to: number(1) })
    const ms = performance.now() - startedAt
    expect(slow).toMatchObject({ status: 503, body: { code: 'store_unavailable' } })
    expect(ms).toBeLessThan(4000)
    expect(h.upstream.calls.filter((c) => c.includes('verification'))).toEqual([])

    // Once the store is fast again the address still has both of its slots.
    store.delayMs = 0
    await new Promise((resolve) => setTimeout(resolve, 1500))
    t += 1000
    expect((await h.browser().start({ to: number(2) })).status).toBe(201)
    expect((await h.browser().start({ to: number(3) })).status).toBe(201)
    expect((await h.browser().start({ to: number(4) })).status).toBe(429)
  }, 20_000)
})
