/**
 * The CLI as users run it: a real process (tsx, from source), real flags and environment, real
 * HTTP, real signals.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { maskAddress } from '../src/mask-address'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
// tsx's loader inside one Node process (not the tsx CLI, which forks a second one): signals then
// reach the CLI directly, and killing it in cleanup leaves no orphan behind.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

interface Cli {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<number | null>
}

const running: Cli[] = []
afterEach(() => {
  for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL')
})

function runCli(args: string[], env: Record<string, string> = {}): Cli {
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('HAKIKI_SANDBOX_')))
  const child = spawn(process.execPath, ['--import', tsxLoader, '--conditions=source', 'src/cli.ts', ...args], {
    cwd: packageDir,
    env: { ...cleanEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const cli = { child, stdout: () => out, stderr: () => err, exited }
  running.push(cli)
  return cli
}

/** Waits for the "listening on" line and returns the URL in it. */
async function baseUrl(cli: Cli): Promise<string> {
  const url = await Promise.race([
    vi.waitFor(
      () => {
        const match = /listening on (http:\/\/\S+)/.exec(cli.stdout())
        if (!match) throw new Error('not listening yet')
        return match[1]!
      },
      { timeout: 20_000, interval: 50 },
    ),
    cli.exited.then((code) => {
      throw new Error(`CLI exited with ${code}: ${cli.stderr()}`)
    }),
  ])
  return url
}

async function tokenStatus(url: string, clientId: string, clientSecret: string): Promise<number> {
  const response = await fetch(`${url}/oauth/client/accesstoken?grant_type=client_credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret }),
  })
  return response.status
}

describe('sandbox CLI', { timeout: 30_000 }, () => {
  test('takes its flags, prints URL and credentials, logs sends masked, and exits 0 on SIGTERM', async () => {
    const cli = runCli(['--port', '0', '--client-id', 'shop', '--client-secret', 'shop-secret-1', '--app-origin', 'https://shop.example.com', '--code-length', '8'])
    const url = await baseUrl(cli)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(cli.stdout()).toContain('client_id=shop')
    expect(cli.stdout()).not.toContain('shop-secret-1')
    expect(await tokenStatus(url, 'sandbox-client-id', 'sandbox-client-secret')).toBe(401)
    const token = await fetch(`${url}/oauth/client/accesstoken?grant_type=client_credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=shop&client_secret=shop-secret-1',
    })
    const { access_token } = (await token.json()) as { access_token: string }
    const created = await fetch(`${url}/verify/v1/identity/verification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: '+233241234567' }),
    })
    expect(created.status).toBe(201)
    const { messages } = (await (await fetch(`${url}/sandbox/messages`)).json()) as { messages: Array<{ code: string; body: string }> }
    expect(messages[0]!.code).toMatch(/^[0-9]{8}$/)
    expect(messages[0]!.body.split('\n').at(-1)).toBe(`@shop.example.com #${messages[0]!.code}`)
    await vi.waitFor(() => expect(cli.stdout()).toContain(`sms to ${maskAddress('+233241234567')}`))
    expect(cli.stdout()).not.toContain('+233241234567')
    expect(cli.stdout()).not.toContain(messages[0]!.code)

    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    expect(cli.stdout()).toContain('SIGTERM: stopping')
  })

  test('reads the environment, prints the built-in credentials in full, and exits 0 on SIGINT', async () => {
    const env = runCli([], { HAKIKI_SANDBOX_PORT: '0', HAKIKI_SANDBOX_CLIENTS: 'a:secret-a,b:secret-b' })
    const url = await baseUrl(env)
    expect(await tokenStatus(url, 'a', 'secret-a')).toBe(200)
    expect(await tokenStatus(url, 'b', 'secret-b')).toBe(200)
    expect(await tokenStatus(url, 'sandbox-client-id', 'sandbox-client-secret')).toBe(401)
    env.child.kill('SIGINT')
    expect(await env.exited).toBe(0)

    const defaults = runCli(['--port', '0'])
    const defaultUrl = await baseUrl(defaults)
    expect(defaults.stdout()).toContain('client_id=sandbox-client-id  client_secret=sandbox-client-secret')
    expect(defaults.stdout()).toContain(`account_sid=AC${'a'.repeat(32)}  auth_token=sandbox-auth-token  service_sid=VA${'a'.repeat(32)}`)
    expect(await tokenStatus(defaultUrl, 'sandbox-client-id', 'sandbox-client-secret')).toBe(200)
    defaults.child.kill('SIGINT')
    expect(await defaults.exited).toBe(0)
  })

  test.each([
    [['--code-length', '3'], /--code-length must be a whole number from 4 to 10/],
    [['--bogus'], /Unknown option '--bogus'/],
  ])('%j exits with code 2 and a clear message', async (args, message) => {
    const cli = runCli(args)
    expect(await cli.exited).toBe(2)
    expect(cli.stderr()).toMatch(message)
    expect(cli.stderr()).toContain('Usage: npx hakiki-sandbox')
  })

  test('--help names the command an npm user runs, and exits 0', async () => {
    const cli = runCli(['--help'])
    expect(await cli.exited).toBe(0)
    expect(cli.stdout()).toMatch(/^Usage: npx hakiki-sandbox \[options\]/)
    expect(cli.stdout()).toContain('pnpm sandbox')
  })

  test('a busy port is one sentence naming the port and the way out, with no stack, exit 1', async () => {
    const busy = createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = busy.address() as AddressInfo
      const cli = runCli(['--port', String(port)])
      expect(await cli.exited).toBe(1)
      expect(cli.stderr().trim()).toBe(`hakiki-sandbox: cannot start: port ${port} is already in use (another sandbox may be running: use --port 0 for a free port, or HAKIKI_SANDBOX_PORT)`)
    } finally {
      await new Promise((resolve) => busy.close(resolve))
    }
  })

  test('its root URL is an index: the inbox, its stream and the credentials, as HTML for a browser and JSON otherwise', async () => {
    const cli = runCli(['--port', '0'])
    const url = await baseUrl(cli)
    const page = await fetch(`${url}/`, { headers: { accept: 'text/html,application/xhtml+xml' } })
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8'])
    const html = await page.text()
    for (const text of ['href="/sandbox/messages"', 'href="/sandbox/messages/stream"', 'client_id=sandbox-client-id', 'client_secret=sandbox-client-secret', 'auth_token=sandbox-auth-token']) expect(html).toContain(text)
    const index = (await (await fetch(`${url}/`)).json()) as { endpoints: Record<string, string>; clients: unknown[] }
    expect(Object.keys(index.endpoints)).toContain('/sandbox/messages/stream')
    expect(index.clients).toEqual([{ clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret' }])
  })
})
