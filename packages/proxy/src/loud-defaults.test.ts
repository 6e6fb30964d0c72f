/**
 * Loud, kind defaults (#25): without a `logger`, what stops the proxy from working reaches the
 * console, each line naming the option or variable that fixes it, and an attacker cannot turn
 * that into a log flood.
 */
import { createSandbox } from '@hakiki/sandbox'
import { createVerifyClient } from '@hakiki/verify-client'
import { createVerifyClient as createNodeVerifyClient } from '@hakiki/verify-client/node'
import { createServer } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createVerifyHandler } from './create-verify-handler'
import { REFUSALS_NOTED_PER_HOUR } from './origin'

const SECRET = 'x'.repeat(32)
const sandbox = createSandbox()
const clientWith = (clientSecret: string) =>
  createVerifyClient({ baseUrl: 'https://sandbox.test', clientId: 'sandbox-client-id', clientSecret, fetch: (input, init) => sandbox.fetch(new Request(input, init)) })

const start = (origin: string, to = '+233241234567') =>
  new Request('http://127.0.0.1:3000/verifications', {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ to }),
  })

/** A gateway in front of the API that routes only the token path: what a baseUrl with a wrong path meets. */
function tokenOnlyGateway(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init)
  return new URL(request.url).pathname.startsWith('/verify/') ? Promise.resolve(new Response('Not Found', { status: 404 })) : sandbox.fetch(request)
}

/** Every line the default logger wrote, as the console received it. */
function captureConsole(): string[] {
  const lines: string[] = []
  const record = (level: string) => (...args: unknown[]) => void lines.push(`${level} ${args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')}`)
  vi.spyOn(console, 'warn').mockImplementation(record('warn'))
  vi.spyOn(console, 'error').mockImplementation(record('error'))
  return lines
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the default logger is the console', () => {
  it('says once per origin that a page origin other than publicOrigin was refused, naming publicOrigin and allowedOrigins', async () => {
    const lines = captureConsole()
    const handler = createVerifyHandler({ client: clientWith('sandbox-client-secret'), secret: SECRET, publicOrigin: 'https://app.example', getClientIp: () => '41.66.1.2' })
    expect((await handler(start('https://www.app.example'))).status).toBe(403)
    expect((await handler(start('https://www.app.example'))).status).toBe(403)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^warn \[hakiki\] .*403 forbidden_origin.*publicOrigin \(https:\/\/app\.example\).*add it to publicOrigin.*allowedOrigins/)
    expect(lines[0]).toContain('"origin":"https://www.app.example"')
    // Another origin is another line.
    expect((await handler(start('https://staging.app.example'))).status).toBe(403)
    expect(lines).toHaveLength(2)
  })

  it('names the client secret and its variable when the Verify API refuses the credentials (502)', async () => {
    const lines = captureConsole()
    const handler = createVerifyHandler({ client: clientWith('not-the-sandbox-secret'), secret: SECRET, publicOrigin: 'https://app.example', getClientIp: () => '41.66.1.2' })
    const res = await handler(start('https://app.example'))
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ code: 'upstream_error' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^warn \[hakiki\] verification provider call failed: .*HTTP 401.*clientSecret.*VERIFY_CLIENT_SECRET/)
    expect(lines[0]).not.toContain('not-the-sandbox-secret')
  })

  it('names baseUrl and its variable when the Verify API has no such endpoint (404 on start: 502)', async () => {
    const lines = captureConsole()
    const client = createVerifyClient({ baseUrl: 'https://sandbox.test', clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret', fetch: tokenOnlyGateway })
    const handler = createVerifyHandler({ client, secret: SECRET, publicOrigin: 'https://app.example', getClientIp: () => '41.66.1.2' })
    expect((await handler(start('https://app.example'))).status).toBe(502)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^warn \[hakiki\] verification provider call failed: .*HTTP 404.*baseUrl \(VERIFY_API_URL\)/)
  })
})

/** A loopback port nothing listens on: what a stopped sandbox or a wrong port in baseUrl meets. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

describe('the default logger when the Verify API cannot be reached', () => {
  it('names baseUrl and its variable and says to start the API (sandbox down: 503)', async () => {
    const lines = captureConsole()
    const client = createNodeVerifyClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret' })
    const handler = createVerifyHandler({ client, secret: SECRET, publicOrigin: 'https://app.example', getClientIp: () => '41.66.1.2' })
    const res = await handler(start('https://app.example'))
    expect(res.status).toBe(503)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^warn \[hakiki\] verification provider call failed: .*could not be reached \(ECONNREFUSED\).*baseUrl \(VERIFY_API_URL\).*sandbox/)
    expect(lines[0]).not.toContain('sandbox-client-secret')
  })
})

describe('refused origins on the log', () => {
  it('are bounded per hour whatever Origin headers an attacker writes, and the next hour speaks again', async () => {
    let now = Date.parse('2030-01-01T08:00:00Z')
    const logs: string[] = []
    const handler = createVerifyHandler({
      client: clientWith('sandbox-client-secret'),
      secret: SECRET,
      publicOrigin: 'https://app.example',
      getClientIp: () => '41.66.1.2',
      now: () => now,
      logger: { warn: (message, fields) => void logs.push(`${message} ${JSON.stringify(fields ?? {})}`), error: (message) => void logs.push(message) },
    })
    for (let i = 0; i < 50; i++) expect((await handler(start(`https://evil${i}.example`))).status).toBe(403)
    // A header that is not an origin never reaches the log as written.
    expect((await handler(start('https://evil.example/ [hakiki] forged line'))).status).toBe(403)
    expect(logs).toHaveLength(REFUSALS_NOTED_PER_HOUR + 1)
    expect(logs.at(-1)).toMatch(/more than 10 origins .* next hour/)
    expect(logs.join('\n')).not.toContain('forged')
    now += 3_600_000
    expect((await handler(start('https://evil0.example'))).status).toBe(403)
    expect(logs).toHaveLength(REFUSALS_NOTED_PER_HOUR + 2)
  })
})
