// The engine keeps its state in the proxy's store: here Redis (a real redis-server on loopback,
// through @hakiki/store-redis), shared by two engine instances as by two app servers. The contract
// suite passes on it, a code sent by one instance is checked by the other, and racing right codes
// on both approve once.
import type { ProviderCall } from '@hakiki/provider'
import { describeProviderContract } from '@hakiki/provider/contract'
import { createRedisStore } from '@hakiki/store-redis'
import { createClient } from 'redis'
import { describe, expect, it } from 'vitest'
import { createEngineProvider, createInboxTransport, type InboxTransport } from '../src/index'
import { redisAvailable, startRedis } from '@hakiki/test-support/redis'

const SECRET = 'a test secret of at least thirty-two bytes'
const codeOf = (text: string) => /#(\d{6})$/.exec(text)?.[1] ?? /\b(\d{6})\b/.exec(text)![1]!

async function redisStores(count: number) {
  const redis = await startRedis()
  const clients = await Promise.all(
    Array.from({ length: count }, async () => {
      const client = createClient({ url: redis.url })
      client.on('error', () => {})
      await client.connect()
      return client
    }),
  )
  return {
    stores: clients.map((client) => createRedisStore(client)),
    close: async () => {
      for (const client of clients) client.destroy()
      await redis.stop()
    },
  }
}

if (redisAvailable) {
  describeProviderContract('engine on Redis', async () => {
    const { stores, close } = await redisStores(1)
    let now = Date.now()
    const clock = { now: () => now }
    const inbox = createInboxTransport({ channels: ['sms', 'email'] })
    return {
      provider: createEngineProvider({ secret: SECRET, appName: 'Acme', webOtpHost: 'app.example.com', routes: [{ transport: inbox }] }),
      store: stores[0]!,
      clock,
      latestCode: (to) => codeOf(inbox.list(to)[0]!.text),
      sentCount: (to) => inbox.list(to).length,
      advanceClock: (seconds) => void (now += seconds * 1000),
      phone: '+233241234567',
      email: 'ama@example.com',
      locale: 'fr',
      close,
    }
  })
}

describe.skipIf(!redisAvailable)('two engine instances on one Redis', () => {
  it('checks on one instance a code sent by the other, and approves racing right codes once', async () => {
    const { stores, close } = await redisStores(2)
    try {
      // Both instances deliver into one inbox, as two servers reach one SMS gateway.
      const inbox: InboxTransport = createInboxTransport()
      const [a, b] = [0, 1].map(() => createEngineProvider({ secret: SECRET, appName: 'Acme', webOtpHost: 'app.example.com', routes: [{ transport: inbox }] }))
      const calls: ProviderCall[] = stores.map((store) => ({ store, clock: { now: () => Date.now() } }))
      const started = await a!.start({ to: '+254711234567', channel: 'sms', locale: 'en' }, calls[0]!)
      // A re-send from the other instance is the same verification and the same code.
      const again = await b!.start({ to: '+254711234567', channel: 'sms', locale: 'en' }, calls[1]!)
      expect(again.id).toBe(started.id)
      const [newest, first] = inbox.list('+254711234567')
      expect(codeOf(newest!.text)).toBe(codeOf(first!.text))
      const code = codeOf(newest!.text)
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? b! : a!).check(started.id, code, calls[i % 2]!).then((v) => v.status, (e: { kind?: string }) => e.kind)),
      )
      expect(outcomes.filter((o) => o === 'approved')).toHaveLength(1)
    } finally {
      await close()
    }
  })
})
