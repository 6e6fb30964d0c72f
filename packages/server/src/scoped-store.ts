/**
 * A view of a store under a key prefix: the engine's keys of one client live under that client's
 * prefix, so two clients verifying one address get two verifications, and a verification id of
 * one client is unknown to another (404, not 403: no existence oracle).
 */
import type { VerifyStore } from '@hakiki/store'

/** `store` with `prefix` before every key it is given. */
export function scopedStore(store: VerifyStore, prefix: string): VerifyStore {
  const k = (key: string) => `${prefix}${key}`
  return {
    take: (quotas) => store.take(quotas.map((q) => ({ ...q, key: k(q.key) }))),
    give: (tallies) => store.give(tallies.map((t) => ({ ...t, key: k(t.key) }))),
    add: (tallies) => store.add(tallies.map((t) => ({ ...t, key: k(t.key) }))),
    get: (keys) => store.get(keys.map(k)),
    write: (op) =>
      store.write({
        ...(op.set ? { set: op.set.map((e) => ({ ...e, key: k(e.key) })) } : {}),
        ...(op.delete ? { delete: op.delete.map(k) } : {}),
        ...(op.expect ? { expect: op.expect.map((e) => ({ ...e, key: k(e.key) })) } : {}),
      }),
  }
}
