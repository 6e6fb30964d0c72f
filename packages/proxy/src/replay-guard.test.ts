import { createMemoryStore } from '@hakiki/store'
import { createRedisStore } from '@hakiki/store-redis'
import { createClient } from 'redis'
import { afterEach, describe, expect, it } from 'vitest'
import { redisAvailable, startRedis, type RedisProcess } from '@hakiki/test-support/redis'
import { ReceiptError, signReceipt, verifyReceipt } from './receipt'
import { createReceiptReplayGuard, markReceiptStore } from './replay-guard'

const SECRET = 'a-test-secret-of-at-least-32-bytes!!'
/** Ten seconds ahead of the real clock. */
const later = () => Date.now() + 10_000
const subject = { sub: '+233241234567', channel: 'sms' as const, vid: 'VE0123456789abcdef0123456789abcdef' }

/** `accepted`, or the ReceiptError code. */
async function use(token: string, seen: ReturnType<typeof createReceiptReplayGuard>, now: () => number): Promise<string> {
  try {
    await verifyReceipt(token, SECRET, { now, expectedTo: false, seen })
    return 'accepted'
  } catch (error) {
    if (error instanceof ReceiptError) return error.code
    throw error
  }
}

describe('createReceiptReplayGuard across a store that forgets', () => {
  it('refuses a receipt used before the store lost its records, accepts receipts issued after (memory store: a restart)', async () => {
    let t = Date.parse('2030-01-01T00:00:00Z')
    const now = () => t
    let store = createMemoryStore({ now })
    let seen = createReceiptReplayGuard(store, { now })
    const used = await signReceipt(subject, SECRET, { now })
    expect(await use(used, seen, now)).toBe('accepted')
    expect(await use(used, seen, now)).toBe('replayed')
    const unused = await signReceipt(subject, SECRET, { now })
    // A restart without persistence: the same app, a new empty store, 30 s later.
    t += 30_000
    store = createMemoryStore({ now })
    seen = createReceiptReplayGuard(store, { now })
    // Used before the loss: the store no longer knows, the guard refuses (fail closed)...
    expect(await use(used, seen, now)).toBe('replayed')
    // ...and so a receipt issued before the loss, even unused: its user verifies again.
    expect(await use(unused, seen, now)).toBe('replayed')
    const fresh = await signReceipt(subject, SECRET, { now })
    expect(await use(fresh, seen, now)).toBe('accepted')
    expect(await use(fresh, seen, now)).toBe('replayed')
  })

  it('a guard created just after the receipt it checks first (lazily, on a new store) accepts it; the proxy marks the store at its start', async () => {
    let t = Date.parse('2030-01-01T00:00:00Z')
    const now = () => t
    const store = createMemoryStore({ now })
    const receipt = await signReceipt(subject, SECRET, { now })
    t += 3_000
    expect(await use(receipt, createReceiptReplayGuard(store, { now }), now)).toBe('accepted')
    // A proxy started on a new store marks it: a receipt issued a minute later, checked by a guard
    // created five minutes after that, passes.
    const other = createMemoryStore({ now })
    await markReceiptStore(other, now)
    t += 60_000
    const late = await signReceipt(subject, SECRET, { now })
    t += 300_000
    expect(await use(late, createReceiptReplayGuard(other, { now }), now)).toBe('accepted')
  })

  it("with afterStoreLoss: 'accept', the used receipt is accepted again: the hazard the default closes", async () => {
    const t = Date.parse('2030-01-01T00:00:00Z')
    const now = () => t
    const used = await signReceipt(subject, SECRET, { now })
    expect(await use(used, createReceiptReplayGuard(createMemoryStore({ now }), { now, afterStoreLoss: 'accept' }), now)).toBe('accepted')
    expect(await use(used, createReceiptReplayGuard(createMemoryStore({ now }), { now, afterStoreLoss: 'accept' }), now)).toBe('accepted')
  })

  it('accepts the first receipt of a new store', async () => {
    const t = Date.parse('2030-01-01T00:00:00Z')
    const now = () => t
    const seen = createReceiptReplayGuard(createMemoryStore({ now }), { now })
    const token = await signReceipt(subject, SECRET, { now })
    expect(await use(token, seen, now)).toBe('accepted')
    expect(await use(token, seen, now)).toBe('replayed')
  })

  describe.skipIf(!redisAvailable)('on a real redis-server', () => {
    let redis: RedisProcess | undefined
    afterEach(async () => {
      await redis?.stop()
      redis = undefined
    })

    it('a used receipt stays refused after Redis lost everything (FLUSHALL, what a restart without appendonly leaves)', async () => {
      redis = await startRedis()
      const client = createClient({ url: redis.url })
      client.on('error', () => undefined)
      await client.connect()
      try {
        const seen = createReceiptReplayGuard(createRedisStore(client))
        const token = await signReceipt(subject, SECRET)
        expect(await use(token, seen, Date.now)).toBe('accepted')
        await client.flushAll()
        // The loss is noticed 10 s later (the guard's clock, `later`): past the mark's 5 s of grace.
        // The guard of this instance, and of one started after the loss: both refuse.
        expect(await use(token, createReceiptReplayGuard(createRedisStore(client), { now: later }), later)).toBe('replayed')
        expect(await use(token, seen, later)).toBe('replayed')
      } finally {
        client.destroy()
      }
    })
  })
})
