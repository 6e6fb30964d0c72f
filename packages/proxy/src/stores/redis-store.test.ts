import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisAvailable, startRedis } from '../../test/redis-server'
import { createRedisStore } from './redis-store'


describe.skipIf(!redisAvailable)('createRedisStore (real redis-server)', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>
  let client: ReturnType<typeof createClient>

  beforeAll(async () => {
    redis = await startRedis()
    client = createClient({ url: redis.url })
    await client.connect()
  })
  afterAll(async () => {
    await client?.quit()
    await redis?.stop()
  })

  it('increments atomically under concurrency, with the window set once', async () => {
    const store = createRedisStore(client, { prefix: 'test1:' })
    const results = await Promise.all(Array.from({ length: 50 }, () => store.increment('hits', 120)))
    expect(results.map((r) => r.count).toSorted((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    for (const r of results) expect(r.resetInSeconds).toBeGreaterThan(0)
    expect(await client.ttl('test1:hits')).toBeLessThanOrEqual(120)
    expect(await client.ttl('test1:hits')).toBeGreaterThan(100)
    expect(await store.get('hits')).toBe('50')
  })

  it('repairs a counter someone wrote without an expiry', async () => {
    const store = createRedisStore(client, { prefix: 'test2:' })
    await client.set('test2:c', '7')
    expect(await store.increment('c', 30)).toEqual({ count: 8, resetInSeconds: 30 })
    expect(await client.ttl('test2:c')).toBeGreaterThan(0)
  })

  it('gives a slot back with by = -1, keeping the window', async () => {
    const store = createRedisStore(client, { prefix: 'test5:' })
    await store.increment('r', 90)
    await store.increment('r', 90)
    const refunded = await store.increment('r', 10, -1)
    expect(refunded.count).toBe(1)
    expect(refunded.resetInSeconds).toBeGreaterThan(80)
  })

  it('deletes a counter given back to zero', async () => {
    const store = createRedisStore(client, { prefix: 'test6:' })
    await store.increment('z', 90)
    expect((await store.increment('z', 90, -1)).count).toBe(0)
    expect(await client.exists('test6:z')).toBe(0)
    expect((await store.increment('none', 90, -1)).count).toBe(-1)
    expect(await client.exists('test6:none')).toBe(0)
  })

  it('sets with a TTL, gets and deletes', async () => {
    const store = createRedisStore(client, { prefix: 'test3:' })
    await store.set('k', '{"a":1}', 45)
    expect(await store.get('k')).toBe('{"a":1}')
    expect(await client.ttl('test3:k')).toBeGreaterThan(40)
    await store.delete('k')
    expect(await store.get('k')).toBeUndefined()
    expect(await store.get('missing')).toBeUndefined()
  })

  it('expires keys on the server (PEXPIRE to the past is immediate, no sleeping)', async () => {
    const store = createRedisStore(client, { prefix: 'test4:' })
    await store.increment('w', 60)
    await client.pExpireAt('test4:w', 1)
    expect(await store.increment('w', 60)).toEqual({ count: 1, resetInSeconds: 60 })
  })

  it('compares and sets atomically: only one of many concurrent writers from the same state wins', async () => {
    const store = createRedisStore(client, { prefix: 'test7:' })
    expect(await store.compareAndSet('r', undefined, 'v1', 60)).toBe(true)
    expect(await store.compareAndSet('r', undefined, 'other', 60)).toBe(false)
    const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => store.compareAndSet('r', 'v1', `w${i}`, 60)))
    expect(wins.filter(Boolean)).toHaveLength(1)
    expect(await client.ttl('test7:r')).toBeGreaterThan(50)
  })
})
