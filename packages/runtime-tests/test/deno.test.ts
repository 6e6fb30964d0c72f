// The built proxy served by Deno (`deno` from npm): `deno run` resolves the packages from
// node_modules and the `node` export condition applies (the verify-client's Node transport runs
// on Deno's node:http), completing a verification against the sandbox over HTTP.
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimeBinary } from './runtime-binary'
import { spawnServer, type RuntimeServer } from './spawn-server'
import { SECRET, verifyThrough } from './verify-through'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
// Deno's caches go to a fresh folder, not the user's home.
const DENO_DIR = mkdtempSync(join(tmpdir(), 'hakiki-deno-'))

let sandbox: SandboxServer
let server: RuntimeServer | undefined
beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 })
})
afterAll(async () => {
  await server?.stop()
  await sandbox.close()
  rmSync(DENO_DIR, { recursive: true, force: true })
})

describe('the proxy in Deno', () => {
  it('starts, sends a code and approves it over HTTP', async () => {
    const deno = runtimeBinary('deno')
    server = await spawnServer(deno, ['run', '--no-lock', '--allow-net=127.0.0.1', '--allow-env', '--allow-read', 'test/fixtures/deno-server.ts'], {
      cwd: PACKAGE_DIR,
      env: { DENO_DIR, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', VERIFY_BASE_URL: sandbox.url, HAKIKI_SECRET: SECRET },
    })
    await verifyThrough(server.origin, sandbox, '+233241234568')
    expect(server.output()).not.toMatch(/error/i)
    // The `node` export condition applies: the verify-client's Node entry, whose nodeFetch reports a 407.
    expect(server.ready).toMatchObject({ nodeEntry: true })
  })
})
