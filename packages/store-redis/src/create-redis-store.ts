import type { VerifyStore } from '@hakiki/store'
import { createScriptStore } from './create-script-store'

/** The part of a node-redis (v4, v5) client the store uses: `createClient()` from `redis` fits. */
export interface NodeRedisClient {
  sendCommand(args: string[]): Promise<unknown>
}

/**
 * A {@link VerifyStore} on Redis through a node-redis client (`createClient({ url })`, connected):
 * each method is one EVALSHA of a Lua script, atomic on the server. For Node, Bun and Deno (node-redis
 * does not load in workerd: use `createUpstashStore` or the Durable Object store there).
 *
 * node-redis queues commands while it reconnects, for ever by default: the proxy's per-request
 * deadline turns a down or hung Redis into a fast 503. Persist what the store holds (Redis
 * `appendonly yes`); see the stores guide.
 */
export function createRedisStore(client: NodeRedisClient): VerifyStore {
  return createScriptStore((args) => client.sendCommand(args))
}
