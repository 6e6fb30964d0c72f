/**
 * The store contract over three clients (three app instances) of one real redis-server: what the
 * node-redis and ioredis stores share. A hang is the server paused (SIGSTOP), an outage the server
 * stopped and restarted empty on the same port.
 */
import type { VerifyStore } from '@hakiki/store'
import { describeStoreContract } from '@hakiki/store/contract'
import { startRedis } from '@hakiki/test-support/redis'

/** How one Redis client library connects, makes a store, and disconnects. */
export interface RedisClientKind<Client> {
  /** A client of `url` that retries quickly (the outage test restarts the server) and swallows its error events. */
  open(url: string): Client | Promise<Client>
  store(client: Client): VerifyStore
  close(client: Client): void
}

/** Registers the store contract for one client library. */
export function describeRedisStoreContract<Client>(name: string, kind: RedisClientKind<Client>): void {
  describeStoreContract(name, async () => {
    const redis = await startRedis()
    const clients = await Promise.all([0, 1, 2].map(() => kind.open(redis.url)))
    return {
      stores: clients.map((client) => kind.store(client)),
      hang: async () => {
        redis.pause()
        return async () => redis.resume()
      },
      outage: async () => {
        await redis.stop()
        return () => redis.restart()
      },
      close: async () => {
        for (const client of clients) kind.close(client)
        await redis.stop()
      },
    }
  })
}
