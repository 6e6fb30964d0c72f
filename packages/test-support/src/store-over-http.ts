/**
 * A store port (`VerifyStore` of `@hakiki/store`) driven over HTTP, for the contract tests of the
 * stores that live in another runtime: the Durable Object store in workerd and the Deno KV store
 * in Deno serve their store with {@link answerStoreCall}, and the suite in Node reaches each one
 * through {@link storeOverHttp}. One call is `POST …/<method>` with the argument as JSON, answered
 * `{"result": …}` or, with status 500, `{"error": {name, reason, message}}`.
 */
import { StoreUnavailableError, type VerifyStore } from '@hakiki/store'

/** The store methods, as they travel in the path. */
type StoreMethod = keyof VerifyStore

/** Runs one call of `request` (its JSON body the argument) on `store`, and answers its result or error. */
export async function answerStoreCall(store: VerifyStore, method: string, request: Request): Promise<Response> {
  try {
    const run = store[method as StoreMethod] as ((argument: unknown) => Promise<unknown>) | undefined
    if (typeof run !== 'function') throw new TypeError(`no store method ${method}`)
    const result: unknown = await run.call(store, await request.json())
    return Response.json({ result: result ?? null })
  } catch (error) {
    const e = error as { name?: string; reason?: string; message?: string; cause?: unknown }
    return Response.json({ error: { name: e.name, reason: e.reason, message: e.cause === undefined ? e.message : `${e.message}: ${String(e.cause)}` } }, { status: 500 })
  }
}

/** Sends one call: `POST` of `body` to the store's `method`; what `fetch` or a Worker's `fetch` answers. */
export type StoreCallSender = (method: string, body: string) => Promise<{ json(): Promise<unknown> }>

/** A `VerifyStore` whose every call goes through `send` to a store served by {@link answerStoreCall}. */
export function storeOverHttp(send: StoreCallSender): VerifyStore {
  const call = async (method: StoreMethod, argument: unknown): Promise<unknown> => {
    const body = (await (await send(method, JSON.stringify(argument))).json()) as { result?: unknown; error?: { name?: string; reason?: 'failed'; message?: string } }
    // The store's own errors keep their class: a TypeError for a bad argument, else unavailable.
    if (body.error?.name === 'TypeError') throw new TypeError(body.error.message)
    if (body.error) throw new StoreUnavailableError(method, body.error.reason ?? 'failed', new Error(body.error.message))
    return body.result
  }
  return {
    take: (quotas) => call('take', quotas) as ReturnType<VerifyStore['take']>,
    give: async (tallies) => {
      await call('give', tallies)
    },
    add: (tallies) => call('add', tallies) as Promise<number[]>,
    get: async (keys) => ((await call('get', keys)) as (string | null)[]).map((v) => v ?? undefined),
    write: (op) => call('write', op) as Promise<boolean>,
  }
}
