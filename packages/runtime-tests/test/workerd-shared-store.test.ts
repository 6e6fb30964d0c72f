// Two Workers (two isolates, as two Cloudflare locations would run) serving the built proxy with
// one store: a Durable Object namespace bound to both, real Durable Object storage in workerd
// (miniflare), no nodejs_compat. Requests reach them through a round-robin balancer.
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRoundRobin, type RoundRobin } from './round-robin'
import { SHARED_STORE_EXPECTED, runSharedStore } from './shared-store'
import { SECRET } from './verify-through'

let sandbox: SandboxServer
let balancer: RoundRobin
let mf: Miniflare | undefined
beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 })
  balancer = await startRoundRobin()
})
afterAll(async () => {
  await mf?.dispose()
  await balancer.close()
  await sandbox.close()
})

describe('two Workers sharing a Durable Object store', () => {
  it('complete a verification across both, and hold the send cap exactly', async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('fixtures/shared-store-worker.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['module', 'main'],
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    })
    const contents = bundle.outputFiles[0]?.text ?? ''
    const names = ['one', 'two']
    mf = new Miniflare({
      workers: names.map((name, i) => ({
        name,
        modules: [{ type: 'ESModule' as const, path: `/${name}/index.mjs`, contents }],
        modulesRoot: `/${name}`,
        compatibilityDate: '2026-04-01',
        compatibilityFlags: [],
        bindings: { VERIFY_BASE_URL: sandbox.url, HAKIKI_SECRET: SECRET, PUBLIC_ORIGIN: balancer.origin },
        durableObjects: { HAKIKI_STORE: i === 0 ? { className: 'HakikiStoreObject', useSQLite: true } : { className: 'HakikiStoreObject', scriptName: 'one', useSQLite: true } },
        unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
      })),
      host: '127.0.0.1',
      port: 0,
    })
    await mf.ready
    balancer.setBackends(await Promise.all(names.map(async (name) => (await mf!.unsafeGetDirectURL(name)).origin)))
    expect(await runSharedStore(balancer, sandbox, '+2332412340')).toEqual(SHARED_STORE_EXPECTED)
  })
})
