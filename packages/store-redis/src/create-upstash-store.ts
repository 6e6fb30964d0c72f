import { BodyTooLargeError, readBoundedText } from '@hakiki/provider'
import type { VerifyStore } from '@hakiki/store'
import { createScriptStore } from './create-script-store'

/** Options of {@link createUpstashStore}. */
export interface UpstashStoreOptions {
  /** The database's REST URL (`UPSTASH_REDIS_REST_URL`, `https://….upstash.io`). */
  url: string
  /** Its REST token (`UPSTASH_REDIS_REST_TOKEN`), sent as `Authorization: Bearer …`; never logged. */
  token: string
  /** The Fetch API to use; defaults to the global `fetch`. */
  fetch?: typeof fetch
  /**
   * Milliseconds after which one request is abandoned (its connection closed), reply included;
   * default 10000. The proxy answers a late store sooner (its per-request deadline); this bounds
   * what a hung server holds after that.
   */
  timeoutMs?: number
}

/** The most bytes of a reply read: the largest reply (a `get` of many records) is far below it. */
const MAX_REPLY_BYTES = 1_048_576

/**
 * A {@link VerifyStore} on Redis over HTTP, in the Upstash REST protocol: each method is ONE
 * `POST` of a JSON command array (`["EVALSHA", sha, numkeys, …keys, …args]`) to the REST URL with
 * `Authorization: Bearer <token>`, answered `200 {"result": …}` or `400 {"error": "…"}`
 * (https://upstash.com/docs/redis/features/restapi: "POST Command in Body", "Response", "HTTP
 * Codes"). Upstash runs Lua scripts atomically like any Redis, so every method keeps its one round
 * trip and its atomicity. Fetch only, no Node built-in: Vercel (Edge and Node), Netlify, Workers,
 * Deno, Bun, Node. Works with any server speaking that protocol (a self-hosted REST proxy, e.g.
 * serverless-redis-http). Use a database in one region (no read regions): an instance elsewhere
 * could otherwise read a replica that has not yet seen another instance's write.
 */
export function createUpstashStore(options: UpstashStoreOptions): VerifyStore {
  const send = options.fetch ?? fetch
  const url = options.url.replace(/\/+$/, '')
  if (!/^https?:\/\//.test(url)) throw new TypeError('url must be the http(s) REST URL of the database')
  if (!options.token) throw new TypeError('token is required')
  const timeoutMs = options.timeoutMs ?? 10_000
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError('timeoutMs must be a positive number of milliseconds')
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' }
  // Read-your-writes: Upstash answers each request with a sync token; sent back on the next one, a
  // read replica answers only once it has caught up with it
  // (https://upstash.com/docs/redis/howto/readyourwrites).
  let syncToken: string | undefined
  return createScriptStore(async (args) => {
    const signal = AbortSignal.timeout(timeoutMs)
    const response = await send(url, { method: 'POST', headers: syncToken === undefined ? headers : { ...headers, 'upstash-sync-token': syncToken }, body: JSON.stringify(args), signal })
    syncToken = response.headers.get('upstash-sync-token') ?? syncToken
    let text: string
    try {
      text = await readBoundedText(response, MAX_REPLY_BYTES, signal)
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new Error(`Upstash REST reply over the ${MAX_REPLY_BYTES}-byte limit`, { cause: error })
      throw error
    }
    let body: { result?: unknown; error?: unknown }
    try {
      body = JSON.parse(text) as typeof body
    } catch {
      throw new Error(`Upstash REST answered ${response.status} without JSON`)
    }
    if (typeof body.error === 'string') throw new Error(body.error)
    if (!response.ok || !('result' in body)) throw new Error(`Upstash REST answered ${response.status}`)
    return body.result
  })
}
