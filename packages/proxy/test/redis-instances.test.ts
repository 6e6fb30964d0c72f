/**
 * Two proxy instances sharing one real redis-server through `createRedisStore`: what an app with
 * several instances relies on. Sessions, cooldowns and caps must hold across instances.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { createVerifyClient } from '@hakiki/verify-client'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVerifyHandler } from '../src/create-verify-handler'
import { toNodeListener } from '../src/node'
import { createRedisStore } from '@hakiki/store-redis'
import type { Harness } from './harness'
import { CLIENT_ID, CLIENT_SECRET, GHANA, SECRET, TestBrowser, startHarness } from './harness'
import { redisAvailable, startRedis } from '@hakiki/test-support/redis'

const APP = 'https://app.example'

describe.skipIf(!redisAvailable)('several instances on one Redis store', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>
  let client: ReturnType<typeof createClient>
  let h: Harness
  let second: Server
  let secondBase = ''

  beforeAll(async () => {
    redis = await startRedis()
    client = createClient({ url: redis.url })
    await client.connect()
    const store = createRedisStore(client)
    h = await startHarness({ proxy: { store, allowedOrigins: [APP] } })
    const handler = createVerifyHandler({
      client: createVerifyClient({ baseUrl: h.sandbox.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, now: h.clock.now }),
      secret: SECRET,
      store,
      allowedOrigins: [APP],
      now: h.clock.now,
    })
    second = createServer(toNodeListener(handler))
    await new Promise<void>((resolve) => second.listen(0, '127.0.0.1', resolve))
    secondBase = `http://127.0.0.1:${(second.address() as AddressInfo).port}/api/verify`
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => (second ? second.close(() => resolve()) : resolve()))
    await h?.close()
    await client?.quit()
    await redis?.stop()
  })

  it('a verification started on one instance is checked on the other, and stays bound to its session', async () => {
    const onFirst = h.browser({ origin: APP })
    const start = await onFirst.start({ to: GHANA })
    expect(start.status).toBe(201)
    const id = String(start.body?.id)

    // The same browser (same cookie) reaches the other instance next.
    const onSecond = new TestBrowser(secondBase, APP, h.seen)
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value)
    // The cooldown is shared: the second instance refuses an immediate resend.
    expect((await onSecond.start({ to: GHANA })).status).toBe(429)
    // A stranger on the second instance gets the 404 of an unknown id.
    expect((await new TestBrowser(secondBase, APP, h.seen).status(id)).status).toBe(404)

    const check = await onSecond.check(id, h.codeFor(GHANA))
    expect(check.body).toMatchObject({ id, status: 'approved', receipt: expect.any(String) })
    expect((await onFirst.status(id)).body?.status).toBe('approved')
    // Nothing in Redis names the phone number.
    const keys = await client.keys('*')
    expect(keys.length).toBeGreaterThan(3)
    expect(keys.join(' ')).not.toContain('233241234567')
  })

  it('lets no more than five wrong codes through, even in a burst split between the instances', async () => {
    const to = '+233241112233'
    const onFirst = h.browser({ origin: APP })
    const id = String((await onFirst.start({ to })).body?.id)
    const onSecond = new TestBrowser(secondBase, APP, h.seen)
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value)
    const wrong = h.codeFor(to) === '000000' ? '111111' : '000000'
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? onSecond : onFirst).check(id, wrong)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7)
  })
})
