import { StoreUnavailableError, checkCounters, checkWrite } from '@hakiki/store'
import type { VerifyStore } from '@hakiki/store'
import { STORE_ORIGIN } from './durable-object-protocol'
import type { StoreMethod } from './durable-object-protocol'

/** A stub of a Durable Object: what `namespace.get(id)` returns. */
export interface DurableObjectStubLike {
  fetch(input: string, init?: RequestInit): Promise<Response>
}

/** The part of a Durable Object namespace binding the store uses (`env.HAKIKI_STORE`). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown
  get(id: never): DurableObjectStubLike
}

/** Options of {@link createDurableObjectStore}. */
export interface DurableObjectStoreOptions {
  /** The object's name: one per app (or per environment sharing a namespace). Default `hakiki`. */
  name?: string
}

/**
 * A {@link VerifyStore} on Cloudflare Durable Objects, for Workers: each method is one request to
 * the app's {@link HakikiStoreObject}, which applies it atomically to its storage. Every Worker
 * instance, everywhere, reaches the same object by name. The object lives near where it was first
 * used; a call from far away costs that distance.
 *
 * Arguments are checked here (a `TypeError` stays a `TypeError`); any other failure rejects with
 * `StoreUnavailableError`.
 */
export function createDurableObjectStore(namespace: DurableObjectNamespaceLike, options: DurableObjectStoreOptions = {}): VerifyStore {
  const name = options.name ?? 'hakiki'

  async function call(method: StoreMethod, argument: unknown): Promise<unknown> {
    let response: Response
    try {
      // A stub per call: I/O objects of one request may not be used by another in Workers.
      const stub = namespace.get(namespace.idFromName(name) as never)
      response = await stub.fetch(`${STORE_ORIGIN}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(argument) })
    } catch (error) {
      throw new StoreUnavailableError(method, 'failed', error)
    }
    const body = (await response.json().catch(() => ({}))) as { result?: unknown; error?: string; message?: string }
    if (response.status === 400 && body.error === 'TypeError') throw new TypeError(body.message ?? 'bad argument')
    if (!response.ok || !('result' in body)) throw new StoreUnavailableError(method, 'failed', new Error(`the store object answered ${response.status}`))
    return body.result
  }

  return {
    take: async (quotas) => {
      checkCounters(quotas, true)
      return (await call('take', quotas)) as Awaited<ReturnType<VerifyStore['take']>>
    },
    give: async (tallies) => {
      checkCounters(tallies, false)
      await call('give', tallies)
    },
    add: async (tallies) => {
      checkCounters(tallies, false)
      return (await call('add', tallies)) as number[]
    },
    get: async (keys) => ((await call('get', keys)) as (string | null)[]).map((v) => v ?? undefined),
    write: async (op) => {
      checkWrite(op)
      return (await call('write', op)) as boolean
    },
  }
}
