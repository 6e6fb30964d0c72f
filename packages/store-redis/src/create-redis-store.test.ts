import { describeStoreContract } from '@hakiki/store/contract'
import { createClient } from 'redis'
import { startRedis } from '../test/redis-server'
import { createRedisStore } from './create-redis-store'

// Three node-redis clients (three app instances) on one real redis-server.
describeStoreContract('Redis over TCP (node-redis)', async () => {
  const redis = await startRedis()
  const clients = await Promise.all(
    [0, 1, 2].map(async () => {
      const client = createClient({ url: redis.url, socket: { reconnectStrategy: () => 50 } })
      client.on('error', () => {})
      await client.connect()
      return client
    }),
  )
  return {
    stores: clients.map((client) => createRedisStore(client)),
    hang: async () => {
      redis.pause()
      return async () => redis.resume()
    },
    outage: async () => {
      await redis.stop()
      return () => redis.restart()
    },
    close: async () => {
      for (const client of clients) client.destroy()
      await redis.stop()
    },
  }
})
