// The Durable Object store in real workerd (miniflare): three Workers, each its own script, bound to
// one Durable Object namespace (the first Worker's class), with real Durable Object storage (SQLite).
import { describeStoreContract } from '@hakiki/store/contract'
import { storeOverHttp } from '@hakiki/test-support/store-over-http'
import { Miniflare } from 'miniflare'
import { bundleWorker, COMPATIBILITY_DATE, type Fetcher } from '../test/bundle-worker'

describeStoreContract('Cloudflare Durable Objects (workerd)', async () => {
  const contents = await bundleWorker('store-worker.ts')
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
