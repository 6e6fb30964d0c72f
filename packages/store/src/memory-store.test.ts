import { describe, expect, it } from 'vitest'
import { describeStoreContract } from './contract'
import { createMemoryStore } from './memory-store'
import { StoreUnavailableError } from './store-unavailable-error'

let clock = 1_700_000_000_000
const store = createMemoryStore({ now: () => clock })
// One store object is one backend: "three instances" are three references to it.
describeStoreContract('memory', async () => ({
  stores: [store, store, store],
  advance: (ms) => {
    clock += ms
  },
}))

describe('createMemoryStore bounds', () => {
  it('never evicts a live counter: when full it rejects with StoreUnavailableError (full), and a cap stays exact', async () => {
    let now = 0
    const small = createMemoryStore({ now: () => now, maxCounters: 3, maxRecords: 2 })
    expect(await small.take([{ key: 'ip', windowSeconds: 60, limit: 2 }])).toEqual({ ok: true })
    expect(await small.take([{ key: 'ip', windowSeconds: 60, limit: 2 }, { key: 'a', windowSeconds: 60, limit: 9 }, { key: 'b', windowSeconds: 10, limit: 9 }])).toEqual({ ok: true })
    // Full: a fourth counter is refused, nothing of the take is applied, the old ones are kept.
    const error = await small.take([{ key: 'c', windowSeconds: 60, limit: 9 }]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StoreUnavailableError)
    expect(error).toMatchObject({ code: 'store_unavailable', reason: 'full', message: 'store take is full' })
    await expect(small.add([{ key: 'c', windowSeconds: 60 }])).rejects.toMatchObject({ reason: 'full' })
    expect(await small.get(['ip', 'a', 'b', 'c'])).toEqual(['2', '1', '1', undefined])
    expect(await small.take([{ key: 'ip', windowSeconds: 60, limit: 2 }])).toMatchObject({ ok: false, index: 0 })
    // Records are bounded apart: a flood of them cannot take a counter's place...
    expect(await small.write({ set: [{ key: 'r1', value: 'x', ttlSeconds: 60 }, { key: 'r2', value: 'x', ttlSeconds: 60 }] })).toBe(true)
    await expect(small.write({ set: [{ key: 'r3', value: 'x', ttlSeconds: 60 }] })).rejects.toMatchObject({ reason: 'full' })
    expect(await small.get(['r1', 'r2', 'r3', 'ip'])).toEqual(['x', 'x', undefined, '2'])
    // ...and overwriting or deleting a record needs no room.
    expect(await small.write({ set: [{ key: 'r1', value: 'y', ttlSeconds: 60 }], delete: ['r2'] })).toBe(true)
    expect(await small.write({ set: [{ key: 'r3', value: 'x', ttlSeconds: 60 }] })).toBe(true)
    // Once a window ends, its counter's place is free again.
    now += 10_000
    expect(await small.take([{ key: 'c', windowSeconds: 60, limit: 9 }])).toEqual({ ok: true })
    expect(await small.get(['ip', 'a', 'b', 'c'])).toEqual(['2', '1', undefined, '1'])
  })

  it('a counter given back to 0 frees its place', async () => {
    const small = createMemoryStore({ maxCounters: 1 })
    await small.take([{ key: 'x', windowSeconds: 60, limit: 5 }])
    await small.give([{ key: 'x', windowSeconds: 60 }])
    expect(await small.take([{ key: 'y', windowSeconds: 60, limit: 5 }])).toEqual({ ok: true })
  })

  it('a key changed in place from record to counter moves between the bounds', async () => {
    const small = createMemoryStore({ maxCounters: 2, maxRecords: 1 })
    expect(await small.write({ set: [{ key: 'k', value: '3', ttlSeconds: 60 }] })).toBe(true)
    // The record's place is taken: another record is refused.
    await expect(small.write({ set: [{ key: 'r', value: 'x', ttlSeconds: 60 }] })).rejects.toMatchObject({ reason: 'full' })
    // Counted on, `k` is a counter now: the record's place is free, one counter's place is used.
    expect(await small.add([{ key: 'k', windowSeconds: 60 }])).toEqual([4])
    expect(await small.write({ set: [{ key: 'r', value: 'x', ttlSeconds: 60 }] })).toBe(true)
    expect(await small.add([{ key: 'c', windowSeconds: 60 }])).toEqual([1])
    await expect(small.add([{ key: 'd', windowSeconds: 60 }])).rejects.toMatchObject({ reason: 'full' })
    expect(await small.get(['k', 'r', 'c', 'd'])).toEqual(['4', 'x', '1', undefined])
  })

  it('rejects bounds that are not whole numbers > 0', () => {
    expect(() => createMemoryStore({ maxCounters: 0 })).toThrow(TypeError)
    expect(() => createMemoryStore({ maxRecords: 1.5 })).toThrow(TypeError)
  })
})
