import type { VerifyStore } from '@hakiki/store'
import { createScriptStore } from './create-script-store'

/** The part of an ioredis (v5+) client the store uses: `new Redis(url)` from `ioredis` fits. */
export interface IoRedisClient {
  call(command: string, ...args: string[]): Promise<unknown>
}

/**
 * A {@link VerifyStore} on Redis through an ioredis client: each method is one EVALSHA of a Lua
 * script, atomic on the server. ioredis retries a command 20 times by default while it reconnects;
 * the proxy's per-request deadline answers before that.
 */
export function createIoRedisStore(client: IoRedisClient): VerifyStore {
  return createScriptStore((args) => client.call(args[0]!, ...args.slice(1)))
}
