import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Sandbox } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { APP_ROOT } from './global-setup'

/** The built app under `next start`, and the sandbox its proxy talks to. */
export interface RunningNextApp {
  /** Where the browser opens the app: `http://127.0.0.1:<port>`. */
  url: string
  sandbox: Sandbox
  /** What `next start` printed so far (shown when a test fails). */
  output(): string
  close(): Promise<void>
}

/**
 * A free loopback port. `next start -p 0` would pick one too, but the app must know its public
 * origin (`HAKIKI_PUBLIC_ORIGIN`) before it starts; the port is free again a moment later, which
 * another process could take in between: then the start fails loudly rather than flakily.
 */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/**
 * Starts the sandbox on a free loopback port, then `next start` of the production build in
 * `.next/` on another, configured through the environment exactly as the README tells a user.
 */
export async function startNextApp(): Promise<RunningNextApp> {
  const clientId = 'next-example-client'
  const clientSecret = randomBytes(16).toString('hex')
  const sandboxServer = await startSandboxServer({ port: 0, clients: [{ clientId, clientSecret, applicationName: 'Hakiki on Next.js' }], appName: 'Hakiki on Next.js' })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [join(APP_ROOT, 'node_modules/next/dist/bin/next'), 'start', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: APP_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      VERIFY_API_URL: sandboxServer.url,
      VERIFY_CLIENT_ID: clientId,
      VERIFY_CLIENT_SECRET: clientSecret,
      HAKIKI_SECRET: randomBytes(32).toString('base64url'),
      HAKIKI_PUBLIC_ORIGIN: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  // Ready when it answers over HTTP (the "Ready" line comes before the first page is compiled
  // into memory, and its wording changes between versions).
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${String(child.exitCode)}:\n${output}`)
    try {
      if ((await fetch(`${url}/api/verify/rates`)).status < 500) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill()
      throw new Error(`next start did not answer within 90 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  return {
    url,
    sandbox: sandboxServer.sandbox,
    output: () => output,
    async close() {
      child.kill('SIGTERM')
      await exited
      await sandboxServer.close()
    },
  }
}
