/**
 * The server-setup guide's "complete Express server for a Vite app", run as a reader runs it
 * (`npx tsx server/index.ts`, with its defaults) against a real sandbox: the page's origin (Vite's
 * dev server, which forwards `/api` to it) starts and checks a verification and gets a receipt
 * signed with the file's development secret. Issue 25: the guide had no complete server file.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { verifyReceipt } from '@hakiki/proxy'
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const GUIDE = new URL('../../../docs/guides/server-setup.mdx', import.meta.url)
const APP_ROOT = fileURLToPath(new URL('..', import.meta.url))
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** The guide's code block that starts with the comment `// <file>`, in the section `heading`. */
function guideFile(guide: string, heading: string, file: string): string {
  const start = guide.indexOf(`### ${heading}\n`)
  if (start < 0) throw new Error(`the guide has no "### ${heading}" section`)
  const end = guide.indexOf('\n## ', start)
  const section = guide.slice(start, end < 0 ? undefined : end)
  const block = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.startsWith(`// ${file}\n`))
  if (block === undefined) throw new Error(`the section "${heading}" gives no whole ${file}`)
  return block
}

/** A loopback port nobody listens on right now (the guide's server takes its port from PORT). */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

const HEADING = 'A complete Express server for a Vite app'
let sandbox: SandboxServer
let server: ChildProcess | undefined
let base = ''
let output = ''
// Inside the app's folder (git-ignored), so the file finds express and the kit as a reader's app would.
const dir = join(APP_ROOT, '.scaffold-cache', `express-guide-${process.pid}`)

beforeAll(async () => {
  const guide = readFileSync(GUIDE, 'utf8')
  mkdirSync(join(dir, 'server'), { recursive: true })
  writeFileSync(join(dir, 'server', 'index.ts'), guideFile(guide, HEADING, 'server/index.ts'))
  sandbox = await startSandboxServer({ port: 0 })
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  // Only what the guide says to set for the sandbox on another port; the rest are the file's defaults.
  const env = { ...process.env, VERIFY_API_URL: sandbox.url, PORT: String(port), NODE_ENV: 'development' as const }
  const child = spawn(process.execPath, ['--import', tsxLoader, '--conditions=source', 'server/index.ts'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  server = child
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  // Up once it answers at all (the rates route is a GET the proxy serves); a ceiling, not a wait.
  for (const end = Date.now() + 60_000; ; ) {
    if (await fetch(`${base}/api/verify/rates`).then(() => true, () => false)) break
    if (child.exitCode !== null || Date.now() > end) throw new Error(`the guide's server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}, 90_000)

afterAll(async () => {
  server?.kill()
  await sandbox?.close()
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
})

/** A browser on `origin`, as Vite's dev server forwards its calls: the page's Origin, the proxy's cookie kept. */
function browserOn(origin: string) {
  const cookies = new Map<string, string>()
  return async (path: string, body: unknown) => {
    const response = await fetch(`${base}/api/verify${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify(body),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
}

describe("server-setup's complete Express server", () => {
  it('runs with its defaults: the page on Vite’s port starts and checks a verification, and the receipt is signed with its secret', async () => {
    const post = browserOn('http://localhost:5173')
    const to = '+233241234567'
    const started = await post('/verifications', { to, channel: 'sms' })
    expect({ status: started.status, output: started.status === 201 ? '' : output }).toEqual({ status: 201, output: '' })
    const code = sandbox.sandbox.inbox.list({ to })[0]?.code ?? ''
    const checked = await post(`/verifications/${String(started.body.id)}/check`, { code })
    expect(checked.body.status).toBe('approved')
    await expect(verifyReceipt(String(checked.body.receipt), 'development-only-secret-0123456789abcdef', { expectedTo: to, replay: 'allow' })).resolves.toMatchObject({ sub: to })
  })

  it('takes a page on another loopback port (Vite moved to 5174), and refuses another site', async () => {
    expect((await browserOn('http://localhost:5174')('/verifications', { to: '+233241234568', channel: 'sms' })).status).toBe(201)
    expect((await browserOn('https://example.com')('/verifications', { to: '+233241234569', channel: 'sms' })).status).toBe(403)
  })

  it("is the server the guide's vite.config.ts forwards /api to", () => {
    const guide = readFileSync(GUIDE, 'utf8')
    const serverFile = guideFile(guide, HEADING, 'server/index.ts')
    const vite = guideFile(guide, HEADING, 'vite.config.ts')
    const listens = /app\.listen\(Number\(process\.env\.PORT \?\? (\d+)\), '([\d.]+)'/.exec(serverFile)
    expect(listens).not.toBeNull()
    expect(vite).toContain(`proxy: { '/api': 'http://${listens![2]}:${listens![1]}' }`)
  })
})
