// The server's own rules, in-process over the Fetch handler with the memory store and the engine's
// inbox transport: fair use, client restrictions, tokens, metrics, logs, health.
import { createInboxTransport, type InboxTransport } from '@hakiki/engine'
import { createMemoryStore, type VerifyStore } from '@hakiki/store'
import type { Meter } from '@opentelemetry/api'
import { describe, expect, it } from 'vitest'
import { CLIENTS, ENV, testConfigInput } from '../test/server-fixture'
import { createVerifyServer, type VerifyServerOptions } from './create-verify-server'
import { parseServerConfig, type ServerConfigInput } from './server-config'
import { createJsonLogger } from './server-logger'
import { createServerMetrics } from './server-metrics'

const BASE = 'http://server.test'
const GH = '+233241234567'

/** A server over an inbox, its configuration changed by `change`. */
async function setup(change: (input: ServerConfigInput) => void = () => {}, options: Partial<VerifyServerOptions> = {}) {
  const input = await testConfigInput('http://127.0.0.1:9/unused')
  change(input)
  const inbox: InboxTransport = createInboxTransport({ name: 'sink' })
  const lines: Record<string, unknown>[] = []
  const server = createVerifyServer({
    config: parseServerConfig(input, ENV),
    store: createMemoryStore(),
    createTransport: () => inbox,
    logger: createJsonLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }),
    ...options,
  })
  const call = (method: string, path: string, init: { token?: string; body?: unknown } = {}) =>
    server.fetch(
      new Request(`${BASE}${path}`, {
        method,
        headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    )
  const token = async (which = 0) => {
    const c = CLIENTS[which]!
    const response = await server.fetch(
      new Request(`${BASE}/oauth/client/accesstoken?grant_type=client_credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: c.id, client_secret: c.secret }).toString(),
      }),
    )
    return { status: response.status, token: ((await response.json()) as { access_token?: string }).access_token ?? '' }
  }
  const create = (t: string, body: Record<string, unknown>) => call('POST', '/verify/v1/identity/verification', { token: t, body })
  return { server, inbox, lines, call, token, create }
}

const limits = (input: ServerConfigInput, l: Record<string, number>) => {
  input.clients[0]!.limits = { createsPerMinute: 1000, monthlyQuota: 1000, createsPerAddressPerHour: 50, ...l }
}

describe('fair use', () => {
  it('answers 429 with Retry-After and the spec error body past a client limit, and only for that client', async () => {
    const { token, create, inbox } = await setup((i) => limits(i, { createsPerMinute: 2 }))
    const shop = (await token(0)).token
    expect((await create(shop, { to: '+233241234501' })).status).toBe(201)
    expect((await create(shop, { to: '+233241234502' })).status).toBe(201)
    const refused = await create(shop, { to: '+233241234503' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const body = (await refused.json()) as Record<string, string>
    expect(Object.keys(body).toSorted()).toEqual(['SupportMessage', 'statusCode', 'statusMessage'])
    expect(body.statusMessage).toMatch(/at most 2 verifications per minute/)
    expect(inbox.list('+233241234503')).toEqual([])
    expect((await create((await token(1)).token, { to: '+233241234503' })).status).toBe(201)
  })

  it('counts a monthly quota and a per-address cap; re-sends count, refused sends are given back', async () => {
    const quota = await setup((i) => limits(i, { monthlyQuota: 2 }))
    const shop = (await quota.token(0)).token
    expect((await quota.create(shop, { to: GH })).status).toBe(201)
    expect((await quota.create(shop, { to: GH })).status).toBe(201)
    expect(((await (await quota.create(shop, { to: '+233241234599' })).json()) as { statusMessage: string }).statusMessage).toMatch(/monthly quota of 2/)

    const perAddress = await setup((i) => limits(i, { createsPerAddressPerHour: 1 }))
    const t = (await perAddress.token(0)).token
    expect((await perAddress.create(t, { to: GH })).status).toBe(201)
    expect(((await (await perAddress.create(t, { to: GH })).json()) as { statusMessage: string }).statusMessage).toMatch(/per hour to one address/)
    expect((await perAddress.create(t, { to: '+233241234598' })).status).toBe(201)
  })

  it('gives the counts back when no route could send', async () => {
    const { token, create, server } = await setup((i) => limits(i, { monthlyQuota: 1 }), {
      createTransport: () => ({ name: 'sink', channels: ['sms', 'call', 'email'], send: () => Promise.reject(new Error('gateway down')) }),
    })
    const t = (await token(0)).token
    const failed = await create(t, { to: GH })
    expect(failed.status).toBe(500)
    expect(Object.keys((await failed.json()) as object).toSorted()).toEqual(['error', 'message', 'path', 'status', 'timestamp'])
    // With a monthly quota of 1, a second try is not refused as over quota: the first was given back.
    expect((await create(t, { to: GH })).status).toBe(500)
    await server.close()
  })
})

describe('clients', () => {
  it('send only over their channels and to their countries; rates list only those', async () => {
    const { token, create, call } = await setup((i) => {
      i.clients[0]!.channels = ['sms']
      i.clients[0]!.countries = ['GH', 'KE']
    })
    const t = (await token(0)).token
    expect(((await (await create(t, { to: 'ama@example.com', channel: 'email' })).json()) as { statusMessage: string }).statusMessage).toMatch(/'channel' email is not enabled/)
    const ng = await create(t, { to: '+2348031234567' })
    expect(ng.status).toBe(400)
    expect(((await ng.json()) as { statusMessage: string }).statusMessage).toMatch(/GH, KE/)
    expect((await create(t, { to: '+254712345678' })).status).toBe(201)
    const rates = (await (await call('GET', '/verify/v1/identity/sms/rate', { token: t })).json()) as { data: { supportedCountries: { code: string }[] } }
    expect(rates.data.supportedCountries.map((c) => c.code)).toEqual(['233', '254'])
  })

  it('a disabled client gets no token; tokensNotBefore revokes every earlier token', async () => {
    let now = Date.parse('2026-06-01T12:00:00Z')
    const disabled = await setup((i) => (i.clients[1]!.disabled = true))
    expect((await disabled.token(1)).status).toBe(401)

    const input = await testConfigInput('http://127.0.0.1:9/unused')
    const store = createMemoryStore()
    const make = (notBefore?: string) => {
      if (notBefore) input.clients[0]!.tokensNotBefore = notBefore
      return createVerifyServer({ config: parseServerConfig(input, ENV), store, createTransport: () => createInboxTransport({ name: 'sink' }), now: () => now })
    }
    const rate = (s: ReturnType<typeof make>, t: string) => s.fetch(new Request(`${BASE}/verify/v1/identity/sms/rate`, { headers: { authorization: `Bearer ${t}` } }))
    const before = make()
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: 'shop', client_secret: CLIENTS[0].secret }).toString() }
    const old = ((await (await before.fetch(new Request(`${BASE}/oauth/client/accesstoken?grant_type=client_credentials`, form))).json()) as { access_token: string }).access_token
    expect((await rate(before, old)).status).toBe(200)
    now += 1000
    // The operator sets tokensNotBefore and restarts: tokens issued earlier are refused on every instance.
    const after = make(new Date(now).toISOString())
    expect((await rate(after, old)).status).toBe(401)
    const fresh = ((await (await after.fetch(new Request(`${BASE}/oauth/client/accesstoken?grant_type=client_credentials`, form))).json()) as { access_token: string }).access_token
    expect((await rate(after, fresh)).status).toBe(200)
    now += 3600 * 1000
    expect((await rate(after, fresh)).status).toBe(401)
  })

  it('run at most two secret checks at once: a flood of guesses gets 429, a known client is not slowed', async () => {
    const { server, token } = await setup()
    expect((await token(0)).status).toBe(200)
    const guess = () =>
      server.fetch(
        new Request(`${BASE}/oauth/client/accesstoken?grant_type=client_credentials`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: 'bank', client_secret: 'guess-0123456789' }).toString(),
        }),
      )
    const guesses = Promise.all(Array.from({ length: 6 }, guess))
    // The right secret of a client already seen is remembered: no PBKDF2, no queue.
    expect((await token(0)).status).toBe(200)
    const statuses = (await guesses).map((r) => r.status).toSorted()
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429])
  })

  it('revokeToken ends one token at once', async () => {
    const { token, call, server } = await setup()
    const a = (await token(0)).token
    const b = (await token(0)).token
    expect(await server.revokeToken(a)).toBe(true)
    expect(await server.revokeToken(a)).toBe(false)
    const refused = await call('GET', '/verify/v1/identity/sms/rate', { token: a })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/invalid_token/)
    expect((await call('GET', '/verify/v1/identity/sms/rate', { token: b })).status).toBe(200)
  })
})

describe('operations', () => {
  it('log JSON lines with masked addresses and never a code, token or secret', async () => {
    const { token, create, call, inbox, lines } = await setup()
    const t = (await token(0)).token
    const { data } = (await (await create(t, { to: GH })).json()) as { data: { verificationId: string } }
    const code = inbox.list(GH)[0]!.text.match(/#(\d{6})/)![1]!
    await call('PATCH', `/verify/v1/identity/verification/${data.verificationId}`, { token: t, body: { code } })
    await token(0).then(() => undefined)
    await create('x'.repeat(32), { to: GH })
    const text = JSON.stringify(lines)
    expect(lines.find((l) => l.msg === 'code sent')).toMatchObject({ level: 'info', client: 'shop', to: '+233*******67', verificationId: data.verificationId })
    for (const secret of [GH, code, t, CLIENTS[0].secret, ENV.HAKIKI_ENGINE_SECRET]) expect(text).not.toContain(secret)
  })

  it('record sends, checks, send and request durations as OpenTelemetry instruments, per route', async () => {
    const recorded: { name: string; value: number; attributes: Record<string, unknown> }[] = []
    const instrument = (name: string) => ({
      add: (value: number, attributes: Record<string, unknown> = {}) => recorded.push({ name, value, attributes }),
      record: (value: number, attributes: Record<string, unknown> = {}) => recorded.push({ name, value, attributes }),
    })
    // The two methods of the OpenTelemetry API's Meter the server uses.
    const meter = { createCounter: instrument, createHistogram: instrument } as unknown as Meter
    const { token, create, call, inbox } = await setup(undefined, { metrics: createServerMetrics(meter) })
    const t = (await token(0)).token
    const { data } = (await (await create(t, { to: GH })).json()) as { data: { verificationId: string } }
    const code = inbox.list(GH)[0]!.text.match(/#(\d{6})/)![1]!
    await call('PATCH', `/verify/v1/identity/verification/${data.verificationId}`, { token: t, body: { code: code === '000000' ? '111111' : '000000' } })
    await call('PATCH', `/verify/v1/identity/verification/${data.verificationId}`, { token: t, body: { code } })
    const again = (await (await create(t, { to: '+233241234580' })).json()) as { statusMessage: string }
    const resent = (await (await create(t, { to: '+233241234580', channel: 'call' })).json()) as { statusMessage: string }
    expect([again.statusMessage, resent.statusMessage]).toEqual(['Verification created', 'Verification code sent again'])
    expect(recorded.filter((r) => r.name === 'hakiki.sends').map((r) => r.attributes)).toEqual([
      { client: 'shop', channel: 'sms', country: 'GH', route: 'sink', outcome: 'sent' },
      { client: 'shop', channel: 'sms', country: 'GH', route: 'sink', outcome: 'sent' },
      { client: 'shop', channel: 'call', country: 'GH', route: 'sink', outcome: 'sent' },
    ])
    // Conversion per country, channel and route: created (first sends only) against approved checks.
    expect(recorded.filter((r) => r.name === 'hakiki.verifications.created').map((r) => r.attributes)).toEqual([
      { client: 'shop', channel: 'sms', country: 'GH', route: 'sink' },
      { client: 'shop', channel: 'sms', country: 'GH', route: 'sink' },
    ])
    expect(recorded.filter((r) => r.name === 'hakiki.verifications.checked').map((r) => [r.attributes.status, r.attributes.route])).toEqual([
      ['pending', 'sink'],
      ['approved', 'sink'],
    ])
    // Send latency per route, beside each request's.
    expect(recorded.filter((r) => r.name === 'hakiki.send.duration')).toHaveLength(3)
    const durations = recorded.filter((r) => r.name === 'hakiki.http.server.duration')
    expect(durations.map((r) => r.attributes)).toContainEqual({ endpoint: 'PATCH /verify/v1/identity/verification/{id}', status: 200 })
    expect(durations.every((r) => r.value >= 0)).toBe(true)
  })

  it('/healthz is 200; /readyz is 200 with a working store, 503 when draining or when the store fails', async () => {
    const ok = await setup()
    expect((await ok.call('GET', '/healthz')).status).toBe(200)
    expect((await ok.call('GET', '/readyz')).status).toBe(200)
    ok.server.drain()
    expect(await (await ok.call('GET', '/readyz')).json()).toEqual({ status: 'draining' })
    expect((await ok.call('GET', '/healthz')).status).toBe(200)

    const broken: VerifyStore = { ...createMemoryStore(), get: () => Promise.reject(new Error('connection refused')) }
    const down = await setup(undefined, { store: broken })
    expect((await down.call('GET', '/readyz')).status).toBe(503)
    const refused = await down.call('GET', '/verify/v1/identity/sms/rate', { token: 'y'.repeat(32) })
    expect(refused.status).toBe(500)
    expect(((await refused.json()) as { message: string }).message).toMatch(/store is unavailable/)
  })
})
