import { Redis } from 'ioredis'
import { describeRedisStoreContract } from '../test/describe-redis-store-contract'
import { createIoRedisStore } from './create-ioredis-store'

// Three ioredis clients (three app instances) on one real redis-server.
describeRedisStoreContract('Redis over TCP (ioredis)', {
  open(url) {
    const client = new Redis(url, { retryStrategy: () => 50, maxRetriesPerRequest: 2 })
    client.on('error', () => {})
    return client
  },
  store: (client) => createIoRedisStore(client),
  close: (client) => client.disconnect(),
})
