import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProxyAdapter } from './create-proxy-adapter'
import { HakikiError } from './hakiki-error'

// A real HTTP server on loopback answering the way proxies and gateways do, good and bad, to test
// the adapter's wire handling. The adapter against the real `@hakiki/proxy` is in
// test/proxy-adapter.test.ts.
interface Seen {
  method: string
  url: string
  contentType: string | undefined
  body: string
}
const seen: Seen[] = []
let reply: (req: IncomingMessage, res: ServerResponse) => void = () => {}
let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body })
      reply(req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/verify/`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
}

const STARTED = {
  id: 'VE0123',
  to: '+233241234567',
  channel: 'sms',
  status: 'pending',
  codeLength: 6,
  expiresAt: '2026-01-01T12:10:00.000Z',
  resendAt: '2026-01-01T12:00:30.000Z',
  attemptsLeft: 5,
  serverTime: '2026-01-01T12:00:00.000Z',
}

describe('createProxyAdapter', () => {
  it('speaks the contract routes with JSON bodies', async () => {
    const adapter = createProxyAdapter({ baseUrl })
    seen.length = 0
    reply = json(201, STARTED)
    expect(await adapter.start({ to: '+233241234567', channel: 'sms', locale: 'fr' })).toEqual(STARTED)
    reply = json(200, { id: 'VE0123', status: 'approved', attemptsLeft: 5, receipt: 'r' })
    expect((await adapter.check('VE0123', '123456')).status).toBe('approved')
    reply = json(200, { id: 'VE/../x', status: 'pending', expiresAt: STARTED.expiresAt })
    expect((await adapter.status('VE/../x')).id).toBe('VE/../x')
    reply = json(200, { currency: 'USD', countries: [] })
    expect((await adapter.rates()).currency).toBe('USD')

    expect(seen).toEqual([
      { method: 'POST', url: '/api/verify/verifications', contentType: 'application/json', body: '{"to":"+233241234567","channel":"sms","locale":"fr"}' },
      { method: 'POST', url: '/api/verify/verifications/VE0123/check', contentType: 'application/json', body: '{"code":"123456"}' },
      { method: 'GET', url: '/api/verify/verifications/VE%2F..%2Fx', contentType: undefined, body: '' },
      { method: 'GET', url: '/api/verify/rates', contentType: undefined, body: '' },
    ])
  })

  it('reads delivery from the start and status answers, and drops a value the contract does not know', async () => {
    const adapter = createProxyAdapter({ baseUrl })
    reply = json(201, { ...STARTED, delivery: 'queued' })
    expect((await adapter.start({ to: '+233241234567' })).delivery).toBe('queued')
    reply = json(200, { id: 'VE0123', status: 'pending', expiresAt: STARTED.expiresAt, delivery: 'undelivered' })
    expect((await adapter.status('VE0123')).delivery).toBe('undelivered')
    // A provider's own word passed on (Twilio's "read", "accepted") is not shown as a state.
    reply = json(200, { id: 'VE0123', status: 'pending', expiresAt: STARTED.expiresAt, delivery: 'read' })
    expect(await adapter.status('VE0123')).not.toHaveProperty('delivery')
    reply = json(201, STARTED)
    expect(await adapter.start({ to: '+233241234567' })).not.toHaveProperty('delivery')
  })

  it('rebuilds problems with their code, status, retryAfter and attemptsLeft', async () => {
    const adapter = createProxyAdapter({ baseUrl })
    reply = json(429, { type: 'https://hakiki.dev/problems/rate_limited', title: 'Too many', status: 429, code: 'rate_limited' }, { 'Retry-After': '30' })
    expect(await rejection(adapter.start({ to: '+233241234567' }))).toMatchObject({ code: 'rate_limited', status: 429, retryAfter: 30 })
    reply = json(429, { type: 'x', title: 'x', status: 429, code: 'too_many_attempts', attemptsLeft: 0 })
    expect(await rejection(adapter.check('VE1', '000000'))).toMatchObject({ code: 'too_many_attempts', attemptsLeft: 0 })
  })

  it.each([
    ['an HTML gateway page', 502, '<html>Bad Gateway</html>', 'upstream_unavailable'],
    ['an HTML 404 (wrong baseUrl)', 404, '<html>Not Found</html>', 'invalid_response'],
    ['a 200 that is not JSON', 200, 'OK', 'invalid_response'],
    ['a 201 without the contract fields', 201, '{"id":"VE1"}', 'invalid_response'],
  ])('turns %s into %s', async (_name, status, body, code) => {
    reply = (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'text/html' })
      res.end(body)
    }
    const error = await rejection(createProxyAdapter({ baseUrl }).start({ to: '+233241234567' }))
    expect(error).toBeInstanceOf(HakikiError)
    expect(error).toMatchObject({ code, status })
  })

  it('turns a refused connection into network_error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await rejection(createProxyAdapter({ baseUrl: `http://127.0.0.1:${port}` }).rates())
    expect(error).toMatchObject({ code: 'network_error', status: undefined })
    expect((error as Error).cause).toBeInstanceOf(TypeError)
  })

  it('rejects with the abort reason, not a HakikiError', async () => {
    reply = () => {} // never answers
    const controller = new AbortController()
    const pending = createProxyAdapter({ baseUrl }).rates({ signal: controller.signal })
    const reason = new Error('unmounted')
    setTimeout(() => controller.abort(reason), 0)
    await expect(pending).rejects.toBe(reason)
  })

  it('calls a custom fetch as a plain function, with credentials and extra headers', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined; self: unknown }> = []
    const custom = function (this: unknown, url: string | URL | Request, init?: RequestInit) {
      calls.push({ url: String(url), init, self: this })
      return Promise.resolve(new Response(JSON.stringify({ currency: 'USD', countries: [] }), { status: 200 }))
    } as typeof fetch
    await createProxyAdapter({ fetch: custom, headers: { 'X-CSRF': 't' } }).rates()
    expect(calls[0]?.url).toBe('/api/verify/rates')
    expect(calls[0]?.self).toBeUndefined()
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: { 'X-CSRF': 't' } })
  })
})
