import { createMemoryStore } from '@hakiki/store'
import { describe, expect, it } from 'vitest'
import { createConversionGuard } from './conversion-guard'
import type { ConversionGuard } from './conversion-guard'
import { readConversion } from './conversion-guard-start'
import { createConversionGuardMetrics } from './conversion-guard-metrics'
import type { HandlerContext } from './handler-context'
import { createReadBatch } from './store-batch'

const T0 = Date.UTC(2026, 10, 27, 15)
const destination = { to: '+233241234567', country: 'GH' }

describe('readConversion', () => {
  it('decides on the values the store holds, closed days remembered and open ones read each time', async () => {
    const store = createMemoryStore({ now: () => T0 })
    const guard = createConversionGuard()
    const keys = guard.keysToRead(destination, T0)
    // A different count in every counter of the destination's history (the blocks stay absent).
    await store.add(keys.filter((key) => !key.startsWith('cg:b:')).map((key, i) => ({ key, windowSeconds: 30 * 86_400, amount: i + 1 })))
    const decided: (string | undefined)[][] = []
    const spy: ConversionGuard = { ...guard, decide: (d, values, now) => (decided.push([...values]), guard.decide(d, values, now)) }
    const ctx = { conversion: { guard: spy, metrics: createConversionGuardMetrics() }, now: () => T0 } as unknown as HandlerContext
    const start = async () => {
      const reads = createReadBatch()
      const conversion = readConversion(ctx, destination, reads)
      await reads.fetch(store)
      await conversion?.decide(store)
    }
    const first = await store.get(keys)
    await start()
    // A send counted today and a verification yesterday (open days, read again), then a second
    // start: the closed days come from memory, the rest from the store; the values are the store's.
    const yesterday = Math.floor(T0 / 86_400_000) - 1
    await store.add([...guard.talliesOnSend(destination, T0), { key: `cg:vd:+233241:${yesterday}`, windowSeconds: 86_400 }])
    await start()
    expect(decided).toEqual([first, await store.get(keys)])
    expect(decided[1]).not.toEqual(decided[0])
    expect(keys.filter((_, i) => guard.isClosed(i))).toHaveLength(24)
  })
})
