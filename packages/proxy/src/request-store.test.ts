import { createHook } from 'node:async_hooks'
import { StoreUnavailableError, createMemoryStore } from '@hakiki/store'
import type { VerifyStore } from '@hakiki/store'
import { describe, expect, it } from 'vitest'
import { storeForRequest } from './request-store'

/** A memory store whose calls wait until released, one by one (`release()`), or for ever. */
function heldStore(): VerifyStore & { release(): void; waiting(): number } {
  const inner = createMemoryStore()
  const queue: (() => void)[] = []
  const held = <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    (...args: A) =>
      new Promise<void>((resolve) => queue.push(resolve)).then(() => method(...args))
  return {
    take: held(inner.take),
    give: held(inner.give),
    add: held(inner.add),
    get: held(inner.get),
    write: held(inner.write),
    release: () => queue.shift()?.(),
    waiting: () => queue.length,
  }
}

/** Timers (`setTimeout`) `request-store.ts` sets while `run` runs (not another test file's, finishing in this worker). */
async function timersDuring(run: () => Promise<unknown>): Promise<number> {
  let timers = 0
  const hook = createHook({
    init(_id, type) {
      if (type === 'Timeout' && new Error('where').stack?.includes('request-store.ts') === true) timers += 1
    },
  }).enable()
  try {
    await run()
  } finally {
    hook.disable()
  }
  return timers
}

describe('storeForRequest', () => {
  it("sets at most one timer for many requests' calls, however many each makes in a row or at once", async () => {
    const memory = createMemoryStore()
    const timers = await timersDuring(async () => {
      for (let request = 0; request < 3; request++) {
        const store = storeForRequest(memory, 1000, 1000)
        await store.get(['a'])
        await store.take([{ key: 'a', windowSeconds: 60, limit: 50 }])
        await Promise.all([store.write({ set: [{ key: 'r', value: '1', ttlSeconds: 60 }] }), store.give([{ key: 'a', windowSeconds: 60 }]), store.add([{ key: 'b', windowSeconds: 60 }])])
        await store.get(['r'])
      }
    })
    // One per call (18 here) before; none at all when an earlier call's timer is still set.
    expect(timers).toBeLessThanOrEqual(1)
  })

  it('still ends a call past the budget with a timeout, and the budget counts only the time spent waiting on the store', async () => {
    const inner = heldStore()
    const store = storeForRequest(inner, 150, 150)
    // A call that is answered in time, then a pause outside the store (not counted), then a call
    // the store never answers: it fails once what is left of the budget has passed.
    const first = store.get(['a'])
    inner.release()
    await first
    await new Promise((resolve) => setTimeout(resolve, 200))
    const startedAt = performance.now()
    const hung = store.get(['a'])
    await expect(hung).rejects.toMatchObject({ name: StoreUnavailableError.name, reason: 'timeout' })
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(100)
    // The budget is spent: a new call fails at once, a give back still gets its grace.
    await expect(store.take([{ key: 'a', windowSeconds: 60, limit: 1 }])).rejects.toMatchObject({ reason: 'timeout' })
    const give = store.give([{ key: 'a', windowSeconds: 60 }])
    await expect(give).rejects.toMatchObject({ reason: 'timeout' })
    expect(inner.waiting()).toBe(2)
  })

  it('ends calls in flight together at their shared deadline, and wraps a failing store as failed', async () => {
    const inner = heldStore()
    const store = storeForRequest(inner, 100, 100)
    const outcomes = await Promise.allSettled([store.get(['a']), store.take([{ key: 'a', windowSeconds: 60, limit: 1 }])])
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as StoreUnavailableError).reason : 'answered'))).toEqual(['timeout', 'timeout'])
    const failing = storeForRequest({ ...createMemoryStore(), get: () => Promise.reject(new Error('connection reset')) }, 1000, 1000)
    await expect(failing.get(['a'])).rejects.toMatchObject({ name: StoreUnavailableError.name, reason: 'failed' })
  })
})
