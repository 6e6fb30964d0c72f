import { describeStoreContract } from '@hakiki/store/contract'
import { Redis } from 'ioredis'
import { startRedis } from '../test/redis-server'
import { createIoRedisStore } from './create-ioredis-store'

// Three ioredis clients (three app instances) on one real redis-server.
describeStoreContract('Redis over TCP (ioredis)', async () => {
  const redis = await startRedis()
  const clients = [0, 1, 2].map(() => {
    const client = new Redis(redis.url, { retryStrategy: () => 50, maxRetriesPerRequest: 2 })
    client.on('error', () => {})
    return client
  })
  return {
    stores: clients.map((client) => createIoRedisStore(client)),
    hang: async () => {
      redis.pause()
      return async () => redis.resume()
    },
    outage: async () => {
      await redis.stop()
      return () => redis.restart()
    },
    close: async () => {
      for (const client of clients) client.disconnect()
      await redis.stop()
    },
  }
})
