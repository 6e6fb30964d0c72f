// Two Bun processes serving the built proxy with one store: Redis over TCP (node-redis in Bun) on a
// real redis-server. Requests reach them through a round-robin balancer.
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRedis, type RedisProcess } from '@hakiki/test-support/redis'
import { startRoundRobin, type RoundRobin } from './round-robin'
import { runtimeBinary } from './runtime-binary'
import { SHARED_STORE_EXPECTED, runSharedStore } from './shared-store'
import { spawnServer, type RuntimeServer } from './spawn-server'
import { SECRET } from './verify-through'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))

let sandbox: SandboxServer
let balancer: RoundRobin
let redis: RedisProcess
const servers: RuntimeServer[] = []
beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 })
  balancer = await startRoundRobin()
  redis = await startRedis()
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await balancer.close()
  await redis.stop()
  await sandbox.close()
})

describe('two Bun processes sharing a Redis store', () => {
  it('complete a verification across both, and hold the send cap exactly', async () => {
    const env = { NO_COLOR: '1', BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0', VERIFY_BASE_URL: sandbox.url, HAKIKI_SECRET: SECRET, PUBLIC_ORIGIN: balancer.origin, REDIS_URL: redis.url }
    servers.push(...(await Promise.all([0, 1].map(() => spawnServer(runtimeBinary('bun'), ['run', 'test/fixtures/bun-redis-server.ts'], { cwd: PACKAGE_DIR, env })))))
    balancer.setBackends(servers.map((s) => s.origin))
    expect(await runSharedStore(balancer, sandbox, '+2332412342')).toEqual(SHARED_STORE_EXPECTED)
  })
})
