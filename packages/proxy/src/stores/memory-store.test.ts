import { describe, expect, it } from 'vitest'
import { createMemoryStore } from './memory-store'
import { StoreUnavailableError } from './store-deadline'

function clock() {
  let t = Date.parse('2030-01-01T00:00:00Z')
  return { now: () => t, advance: (seconds: number) => (t += seconds * 1000) }
}

describe('createMemoryStore', () => {
  it('counts in a fixed window that later increments do not extend', async () => {
    const c = clock()
    const store = createMemoryStore({ now: c.now })
    expect(await store.increment('k', 60)).toEqual({ count: 1, resetInSeconds: 60 })
    c.advance(20)
    expect(await store.increment('k', 60)).toEqual({ count: 2, resetInSeconds: 40 })
    c.advance(40)
    expect(await store.get('k')).toBeUndefined()
    expect(await store.increment('k', 60)).toEqual({ count: 1, resetInSeconds: 60 })
  })

  it('gives a slot back with by = -1, keeping the window', async () => {
    const c = clock()
    const store = createMemoryStore({ now: c.now })
    await store.increment('r', 90)
    await store.increment('r', 90)
    expect(await store.increment('r', 10, -1)).toEqual({ count: 1, resetInSeconds: 90 })
  })

  it('forgets a counter given back to zero, and stores nothing for a refund of an absent one', async () => {
    const store = createMemoryStore({ now: clock().now, maxKeys: 1 })
    await store.increment('a', 60)
    expect((await store.increment('a', 60, -1)).count).toBe(0)
    expect(await store.get('a')).toBeUndefined()
    expect((await store.increment('gone', 60, -1)).count).toBe(-1)
    expect(await store.get('gone')).toBeUndefined()
    // Neither holds the one slot, so a live key is not evicted for them.
    await store.set('live', 'x', 60)
    expect(await store.get('live')).toBe('x')
  })

  it('stores values until their TTL, replaces and deletes them', async () => {
    const c = clock()
    const store = createMemoryStore({ now: c.now })
    await store.set('a', 'one', 10)
    await store.set('a', 'two', 30)
    c.advance(29)
    expect(await store.get('a')).toBe('two')
    await store.delete('a')
    expect(await store.get('a')).toBeUndefined()
    await store.set('b', 'x', 5)
    c.advance(5)
    expect(await store.get('b')).toBeUndefined()
  })

  it('sweeps expired keys when full, and refuses a new key rather than drop a live one', async () => {
    const c = clock()
    const store = createMemoryStore({ now: c.now, maxKeys: 3 })
    await store.set('short', '1', 1)
    await store.set('old', '2', 100)
    await store.set('mid', '3', 100)
    c.advance(2)
    await store.set('new', '4', 100)
    expect([await store.get('old'), await store.get('mid'), await store.get('new')]).toEqual(['2', '3', '4'])
    // Dropping the oldest live key used to reset the caps kept in it.
    await expect(store.set('newer', '5', 100)).rejects.toThrow(StoreUnavailableError)
    await expect(store.increment('counter', 100)).rejects.toThrow(StoreUnavailableError)
    expect(await store.get('old')).toBe('2')
    // Existing keys still update.
    expect((await store.increment('mid', 100)).count).toBe(4)
  })

  it('compares and sets', async () => {
    const c = clock()
    const store = createMemoryStore({ now: c.now })
    expect(await store.compareAndSet('r', undefined, 'v1', 10)).toBe(true)
    expect(await store.compareAndSet('r', 'v0', 'v2', 10)).toBe(false)
    expect(await store.compareAndSet('r', 'v1', 'v2', 10)).toBe(true)
    expect(await store.get('r')).toBe('v2')
    c.advance(10)
    expect(await store.compareAndSet('r', undefined, 'v3', 10)).toBe(true)
  })
})
