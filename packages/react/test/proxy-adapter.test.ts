// The proxy adapter of @hakiki/core against the real @hakiki/proxy and the real sandbox Verify
// API, each on its own loopback port, sharing one injected clock. It lives here because this
// package may depend on the server packages for tests; @hakiki/core may not.
import { createProxyAdapter, createVerificationFlow, HakikiError, secondsUntilExpiry, type VerificationAdapter } from '@hakiki/core'
import { createVerifyHandler, verifyReceipt } from '@hakiki/proxy'
import { toNodeListener } from '@hakiki/proxy/node'
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient, nodeFetch } from '@hakiki/verify-client/node'
import { createPageFetch } from '@hakiki/test-support'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

const SECRET = 'react-proxy-adapter-test-secret-0123456789'
const T0 = Date.parse('2030-01-01T08:00:00Z')
let t = T0
const now = () => t
const advance = (seconds: number) => {
  t += seconds * 1000
}

let sandbox: SandboxServer
let server: Server
let origin: string
let baseUrl: string

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, now })
  const client = createVerifyClient({
    baseUrl: sandbox.url,
    clientId: 'sandbox-client-id',
    clientSecret: 'sandbox-client-secret',
    fetch: nodeFetch,
    now,
  })
  const handler = createVerifyHandler({ client, secret: SECRET, now, basePath: '/api/verify' })
  server = createServer(toNodeListener(handler))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  baseUrl = `${origin}/api/verify`
})

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
  await sandbox.close()
})

beforeEach(() => {
  // A fresh hour for every test, so the proxy's per-address caps of one test do not reach the next.
  advance(24 * 3600)
})

/** A page of `pageOrigin` (default the proxy's own): it sends its `Origin` and keeps the session cookie, as a browser does. */
function browser(options: { origin?: string } = {}): VerificationAdapter {
  return createProxyAdapter({ baseUrl, fetch: createPageFetch(options.origin ?? origin) })
}

function codeSentTo(to: string): string {
  const message = sandbox.sandbox.inbox.list({ to })[0]
  if (!message) throw new Error('no message')
  return message.code
}

async function rejection(promise: Promise<unknown>): Promise<HakikiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(HakikiError)
  return error as HakikiError
}

describe('createProxyAdapter against @hakiki/proxy and the sandbox', () => {
  it('starts, reads, checks a wrong then the right code, and gets a receipt the app can verify', async () => {
    const adapter = browser()
    const to = '+233241234501'
    const started = await adapter.start({ to: '+233 24 123 4501', channel: 'sms', locale: 'pt-BR' })
    expect(started).toMatchObject({ to, channel: 'sms', status: 'pending', codeLength: 6, attemptsLeft: 5, serverTime: new Date(t).toISOString() })
    expect(Date.parse(started.expiresAt) - t).toBe(600_000)
    expect(Date.parse(started.resendAt) - t).toBe(30_000)
    expect((await adapter.status(started.id)).status).toBe('pending')

    expect(await adapter.check(started.id, '000000')).toMatchObject({ status: 'pending', attemptsLeft: 4 })
    const approved = await adapter.check(started.id, codeSentTo(to))
    expect(approved.status).toBe('approved')
    const claims = await verifyReceipt(approved.receipt, SECRET, { now, expectedTo: to, replay: 'allow' })
    expect(claims).toMatchObject({ sub: to, channel: 'sms', vid: started.id })
    expect((await adapter.status(started.id)).status).toBe('approved')
  })

  it('rebuilds the proxy problems as HakikiError with their code, status and hints', async () => {
    const adapter = browser()
    expect(await rejection(adapter.start({ to: '+233 99' }))).toMatchObject({ code: 'invalid_phone_number', status: 400 })
    expect(await rejection(adapter.start({ to: '+44 20 7946 0000' }))).toMatchObject({ code: 'unsupported_country', status: 400 })
    expect(await rejection(adapter.start({ to: 'ama@', channel: 'email' }))).toMatchObject({ code: 'invalid_email', status: 400 })
    expect(await rejection(adapter.start({ to: '+233241234502', locale: 'xx' }))).toMatchObject({ code: 'unsupported_locale' })

    const { id } = await adapter.start({ to: '+233241234502' })
    advance(10)
    expect(await rejection(adapter.start({ to: '+233241234502' }))).toMatchObject({ code: 'rate_limited', status: 429, retryAfter: 20 })
    expect(await rejection(adapter.check(id, 'abc'))).toMatchObject({ code: 'invalid_code_format', status: 400 })
    expect(await rejection(adapter.status('VE00000000000000000000000000000000'))).toMatchObject({ code: 'not_found', status: 404 })
    advance(600)
    expect(await rejection(adapter.check(id, '123456'))).toMatchObject({ code: 'expired', status: 410 })
  })

  it("hides one browser's verification from another", async () => {
    const { id } = await browser().start({ to: '+233241234503' })
    const stranger = browser()
    expect((await rejection(stranger.status(id))).code).toBe('not_found')
    expect((await rejection(stranger.check(id, '123456'))).code).toBe('not_found')
  })

  it('surfaces a cross-site request as forbidden_origin', async () => {
    const adapter = browser({ origin: 'https://evil.example' })
    expect(await rejection(adapter.start({ to: '+233241234504' }))).toMatchObject({ code: 'forbidden_origin', status: 403 })
  })

  it('reads the rates', async () => {
    const rates = await browser().rates()
    expect(rates.currency).toBe('USD')
    expect(rates.countries.map((c) => c.iso2)).toContain('GH')
  })

  it('drives the flow end to end, counting down on the server clock from a skewed client', async () => {
    const adapter = browser()
    // This client's clock is the real one, years away from the server's injected 2030 clock.
    const flow = createVerificationFlow({ adapter, schedule: () => () => undefined })
    const states: string[] = []
    let secondsLeftAtStart: number | undefined
    const settled = new Promise<void>((resolve) =>
      flow.subscribe(() => {
        const state = flow.getSnapshot()
        states.push(state.status)
        if (state.status === 'code_sent' && states.length === 2) {
          secondsLeftAtStart = secondsUntilExpiry(state.verification, Date.now())
          flow.send({ type: 'TYPE_CODE', code: `Your code is ${codeSentTo('+233241234505')}` })
        }
        if (state.status === 'verified' || state.status === 'idle') resolve()
      }),
    )
    flow.send({ type: 'SUBMIT', to: '+233241234505' })
    await settled
    // One notification per event: a complete code goes straight to checking.
    expect(states).toEqual(['sending', 'code_sent', 'checking', 'verified'])
    expect(secondsLeftAtStart).toBe(600)
    const final = flow.getSnapshot()
    expect(final.status === 'verified' && final.receipt).toEqual(expect.any(String))
    flow.destroy()
  })
})
