/**
 * `pnpm dev` as users run it (a real process, from source) when a port it needs is taken: one
 * sentence naming the port, whose it is and the variable that moves it; no stack; exit 1.
 */
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'

const demoDir = fileURLToPath(new URL('..', import.meta.url))
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A loopback port held by another server for the test's length. */
async function takenPort(): Promise<number> {
  const server = createServer()
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/** Runs `pnpm dev`'s script with `env` until it exits; its exit code and what it printed. */
function runDev(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', tsxLoader, '--conditions=source', 'server/dev.ts'], { cwd: demoDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
}

describe('pnpm dev on a busy port', { timeout: 60_000 }, () => {
  test("the sandbox's port: names it and HAKIKI_SANDBOX_PORT", async () => {
    const port = await takenPort()
    const { code, stderr } = await runDev({ HAKIKI_SANDBOX_PORT: String(port), HAKIKI_DEMO_PORT: '0' })
    expect({ code, stderr: stderr.trim() }).toEqual({
      code: 1,
      stderr: `Hakiki demo: cannot start: port ${port} (the sandbox) is already in use. Is \`pnpm dev\` or \`pnpm sandbox\` already running? Stop it, or choose another port: HAKIKI_SANDBOX_PORT=0 pnpm dev (0 picks a free one)`,
    })
  })

  test("the page's port: names it and HAKIKI_DEMO_PORT, and the sandbox it had started is closed (the process exits)", async () => {
    const port = await takenPort()
    const { code, stderr } = await runDev({ HAKIKI_SANDBOX_PORT: '0', HAKIKI_DEMO_PORT: String(port) })
    expect({ code, stderr: stderr.trim() }).toEqual({
      code: 1,
      stderr: `Hakiki demo: cannot start: port ${port} (the demo page) is already in use. Is \`pnpm dev\` or \`pnpm sandbox\` already running? Stop it, or choose another port: HAKIKI_DEMO_PORT=0 pnpm dev (0 picks a free one)`,
    })
  })
})
