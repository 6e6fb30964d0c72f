/**
 * Finding 3 (a store outage hangs every request): every store call has a deadline, and a store
 * that is down or hung answers a fast 503 `store_unavailable`, the receipt replay guard included.
 */
import { createClient } from 'redis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReceiptError, signReceipt, verifyReceipt } from '../src/receipt'
import { createReceiptReplayGuard } from '../src/replay-guard'
import { createRedisStore } from '@hakiki/store-redis'
import type { Harness } from './harness'
import { GHANA, SECRET, startHarness } from './harness'
import { redisAvailable, startRedis, type RedisProcess } from '@hakiki/test-support/redis'

let h: Harness | undefined
let redis: RedisProcess | undefined
let client: ReturnType<typeof createClient> | undefined
afterEach(async () => {
  await h?.close()
  redis?.resume()
  client?.destroy()
  await redis?.stop()
  h = undefined
  redis = undefined
  client = undefined
})

/** The README's setup: `createClient({ url }).connect()`, default options (an offline queue, endless reconnects). */
async function connectedStore(): Promise<ReturnType<typeof createRedisStore>> {
  redis = await startRedis()
  client = createClient({ url: redis.url })
  client.on('error', () => undefined) // node-redis emits connection errors; an app logs them
  await client.connect()
  return createRedisStore(client)
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

describe.skipIf(!redisAvailable)('store outages (real redis-server)', () => {
  it.each([
    ['down', (r: RedisProcess) => r.stop()],
    ['paused (accepts, never answers)', async (r: RedisProcess) => r.pause()],
  ])('answers every start fast with 503 store_unavailable when Redis is %s', async (_name, breakIt) => {
    const store = await connectedStore()
    h = await startHarness({ proxy: { store, storeTimeoutMs: 1000 } })
    // First a start that goes through while Redis is healthy (connection and token warm). On a
    // heavily loaded machine one may miss its 1 s store budget (a correct 503): waited for, each
    // try with a number of its own so no cooldown gets in the way.
    let tries = 0
    await vi.waitFor(
      async () => expect((await h!.browser().start({ to: `+2332412346${String(tries++).padStart(2, '0')}` })).status).toBe(201),
      { timeout: 30_000, interval: 100 },
    )
    const sentBefore = h.upstream.calls.filter((c) => c.includes('verification')).length
    await breakIt(redis!)
    const { value: answers, ms } = await timed(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => h!.browser().start({ to: `+2332412345${String(i).padStart(2, '0')}` }))),
    )
    expect(answers.map((a) => `${a.status} ${a.body?.code}`)).toEqual(Array(20).fill('503 store_unavailable'))
    expect(answers[0]?.headers.get('retry-after')).toBeTruthy()
    // Nothing was sent while the store was out.
    expect(h.upstream.calls.filter((c) => c.includes('verification')).length).toBe(sentBefore)
    // Redis stays broken until the test ends, and node-redis's offline queue holds a command until
    // it is back: without the deadline these answers never come. So any finite ceiling shows the
    // deadline; ten times the 1 s budget leaves a loaded machine's late timers room.
    expect(ms).toBeLessThan(10_000)
  }, 60_000)

  it('fails a receipt check fast (store_unavailable) when the replay guard’s Redis hangs', async () => {
    const store = await connectedStore()
    const seen = createReceiptReplayGuard(store, { timeoutMs: 300 })
    const receipt = await signReceipt({ sub: GHANA, channel: 'sms', vid: 'VE1' }, SECRET, { audience: 'sign-up' })
    redis!.pause()
    const { value: error, ms } = await timed(() =>
      verifyReceipt(receipt, SECRET, { expectedTo: GHANA, audience: 'sign-up', seen }).then(
        () => undefined,
        (e: unknown) => e,
      ),
    )
    expect(error).toBeInstanceOf(ReceiptError)
    expect((error as ReceiptError).code).toBe('store_unavailable')
    // Redis stays paused: without the guard's deadline the check would wait for ever. Ten times its
    // 300 ms leaves a loaded machine's late timers room.
    expect(ms).toBeLessThan(3000)
  }, 20_000)
})
