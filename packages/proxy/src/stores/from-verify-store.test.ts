import { createMemoryStore as createVerifyStore } from '@hakiki/store'
import { describe, expect, it } from 'vitest'
import { fromVerifyStore, isVerifyStore } from './from-verify-store'
import { createMemoryStore } from './memory-store'

describe('fromVerifyStore', () => {
  it('tells a port v2 store from a CounterStore', () => {
    expect(isVerifyStore(createVerifyStore())).toBe(true)
    expect(isVerifyStore(createMemoryStore())).toBe(false)
  })

  it('behaves as the CounterStore the routes expect: counts, windows, refunds, records, compare-and-set', async () => {
    let now = 1_000_000
    const store = fromVerifyStore(createVerifyStore({ now: () => now }))
    expect(await store.increment('c', 60)).toEqual({ count: 1, resetInSeconds: 60 })
    now += 15_000
    expect(await store.increment('c', 60, 3)).toEqual({ count: 4, resetInSeconds: 45 })
    await store.increment('c', 60, -4)
    expect(await store.get('c')).toBeUndefined()
    // A refund of a counter that is gone does not recreate it.
    await store.increment('gone', 60, -1)
    expect(await store.get('gone')).toBeUndefined()
    await store.set('r', 'one', 30)
    expect(await store.compareAndSet('r', 'two', 'three', 30)).toBe(false)
    expect(await store.compareAndSet('r', 'one', 'three', 30)).toBe(true)
    expect(await store.compareAndSet('new', undefined, 'x', 30)).toBe(true)
    expect(await store.get('r')).toBe('three')
    await store.delete('r')
    expect(await store.get('r')).toBeUndefined()
    now += 30_000
    expect(await store.get('new')).toBeUndefined()
  })
})
