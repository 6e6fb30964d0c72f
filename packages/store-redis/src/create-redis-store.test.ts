import { createClient } from 'redis'
import { describeRedisStoreContract } from '../test/describe-redis-store-contract'
import { createRedisStore } from './create-redis-store'

// Three node-redis clients (three app instances) on one real redis-server.
describeRedisStoreContract('Redis over TCP (node-redis)', {
  async open(url) {
    const client = createClient({ url, socket: { reconnectStrategy: () => 50 } })
    client.on('error', () => {})
    await client.connect()
    return client
  },
  store: (client) => createRedisStore(client),
  close: (client) => client.destroy(),
})
