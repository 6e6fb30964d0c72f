import { createMemoryStore, type VerifyStore } from '@hakiki/proxy'

let store: VerifyStore | undefined

/**
 * The one store of this app: the proxy's counters and records, and the sign-up route's receipt
 * replay guard. In memory here, right for one server process; with several instances, return a
 * shared store instead (e.g. `createRedisStore(client)` from `@hakiki/store-redis`), so that every
 * instance sees each counter and each used receipt.
 */
export function appStore(): VerifyStore {
  store ??= createMemoryStore()
  return store
}
