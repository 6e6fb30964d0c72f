// The Durable Object store in real workerd (miniflare): three Workers, each its own script, bound to
// one Durable Object namespace (the first Worker's class), with real Durable Object storage (SQLite).
import { StoreUnavailableError } from '@hakiki/store'
import type { VerifyStore } from '@hakiki/store'
import { describeStoreContract } from '@hakiki/store/contract'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { fileURLToPath } from 'node:url'

const COMPATIBILITY_DATE = '2026-04-01'

/** Bundles the test Worker as wrangler would (`workerd`/`worker`/`browser` conditions), from this workspace's sources. */
async function bundleWorker(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../test/fixtures/store-worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['source', 'workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

/** What `mf.getWorker(name)` resolves, as far as this test uses it (miniflare types it with its own Request/Response). */
interface Fetcher {
  fetch(url: string, init: { method: string; body: string }): Promise<{ json(): Promise<unknown> }>
}

/** A VerifyStore in Node that forwards each call to a Worker's store. */
function throughWorker(worker: Fetcher): VerifyStore {
  const call = async (method: string, argument: unknown): Promise<unknown> => {
    const response = await worker.fetch(`http://store.test/${method}`, { method: 'POST', body: JSON.stringify(argument) })
    const body = (await response.json()) as { result?: unknown; error?: { name?: string; reason?: 'failed'; message?: string } }
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

describeStoreContract('Cloudflare Durable Objects (workerd)', async () => {
  const contents = await bundleWorker()
  const worker = (name: string, host: boolean) => ({
    name,
    modules: [{ type: 'ESModule' as const, path: `/${name}/index.mjs`, contents }],
    modulesRoot: `/${name}`,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { STORE: host ? { className: 'HakikiStoreObject', useSQLite: true } : { className: 'HakikiStoreObject', scriptName: 'one', useSQLite: true } },
  })
  const mf = new Miniflare({ workers: [worker('one', true), worker('two', false), worker('three', false)], host: '127.0.0.1', port: 0 })
  await mf.ready
  const workers = (await Promise.all(['one', 'two', 'three'].map((name) => mf.getWorker(name)))) as unknown as Fetcher[]
  return {
    stores: workers.map((w) => throughWorker(w)),
    close: () => mf.dispose(),
  }
})
