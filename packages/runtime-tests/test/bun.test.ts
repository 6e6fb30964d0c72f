// The built proxy served by Bun (`bun` from npm): `bun run` resolves the packages from
// node_modules, completing a verification against the sandbox over HTTP.
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimeBinary } from './runtime-binary'
import { spawnServer, type RuntimeServer } from './spawn-server'
import { SECRET, verifyThrough } from './verify-through'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))

let sandbox: SandboxServer
let server: RuntimeServer | undefined
beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 })
})
afterAll(async () => {
  await server?.stop()
  await sandbox.close()
})

describe('the proxy in Bun', () => {
  it('starts, sends a code and approves it over HTTP', async () => {
    server = await spawnServer(runtimeBinary('bun'), ['run', 'test/fixtures/bun-server.ts'], {
      cwd: PACKAGE_DIR,
      env: { NO_COLOR: '1', BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0', VERIFY_BASE_URL: sandbox.url, HAKIKI_SECRET: SECRET },
    })
    await verifyThrough(server.origin, sandbox, '+233241234569')
    expect(server.output()).not.toMatch(/error/i)
    // The `node` export condition applies: the verify-client's Node entry, whose nodeFetch reports a 407.
    expect(server.ready).toMatchObject({ nodeEntry: true })
  })
})
