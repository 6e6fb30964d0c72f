// The Durable Object store in real workerd (miniflare): three Workers, each its own script, bound to
// one Durable Object namespace (the first Worker's class), with real Durable Object storage (SQLite).
import { describeStoreContract } from '@hakiki/store/contract'
import { storeOverHttp } from '@hakiki/test-support/store-over-http'
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
    stores: workers.map((w) => storeOverHttp((method, body) => w.fetch(`http://store.test/${method}`, { method: 'POST', body }))),
    close: () => mf.dispose(),
  }
})
