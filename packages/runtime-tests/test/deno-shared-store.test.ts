// Two Deno processes serving the built proxy with one store: Deno KV on a local file both open.
// Requests reach them through a round-robin balancer.
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRoundRobin, type RoundRobin } from './round-robin'
import { runtimeBinary } from './runtime-binary'
import { SHARED_STORE_EXPECTED, runSharedStore } from './shared-store'
import { spawnServer, type RuntimeServer } from './spawn-server'
import { SECRET } from './verify-through'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
const TEMP = mkdtempSync(join(tmpdir(), 'hakiki-deno-kv-'))

let sandbox: SandboxServer
let balancer: RoundRobin
const servers: RuntimeServer[] = []
beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 })
  balancer = await startRoundRobin()
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await balancer.close()
  await sandbox.close()
  rmSync(TEMP, { recursive: true, force: true })
})

describe('two Deno processes sharing a Deno KV store', () => {
  it('complete a verification across both, and hold the send cap exactly', async () => {
    const env = {
      DENO_DIR: join(TEMP, 'deno-dir'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      VERIFY_BASE_URL: sandbox.url,
      HAKIKI_SECRET: SECRET,
      PUBLIC_ORIGIN: balancer.origin,
      KV_PATH: join(TEMP, 'store.sqlite'),
    }
    const args = ['run', '--no-lock', '--unstable-kv', '--allow-net=127.0.0.1', '--allow-env', '--allow-read', `--allow-write=${TEMP}`, 'test/fixtures/deno-kv-server.ts']
    servers.push(...(await Promise.all([0, 1].map(() => spawnServer(runtimeBinary('deno'), args, { cwd: PACKAGE_DIR, env })))))
    balancer.setBackends(servers.map((s) => s.origin))
    expect(await runSharedStore(balancer, sandbox, '+2332412341')).toEqual(SHARED_STORE_EXPECTED)
  })
})
