/**
 * Issue 22: the proxy takes provider port v2 natively, over real HTTP with `@hakiki/engine` (it
 * makes, sends and checks codes itself, into an inbox): the proxy's store and clock on every call,
 * `resend` from the pending record, the provider's code length, lifetime and attempts as the
 * defaults, undeclared channels refused, the delivery status in the start and status answers, and
 * delivery reports at `POST {base}/reports/{transport}`.
 */
import { createEngineProvider, createInboxTransport } from '@hakiki/engine'
import type { EngineProvider, InboxTransport } from '@hakiki/engine'
import { createMemoryStore } from '@hakiki/store'
import type { VerifyStore } from '@hakiki/store'
import { describe, expect, it } from 'vitest'
import { createVerifyHandler } from '../src/create-verify-handler'
import { verifyReceipt } from '../src/receipt'
import type { DeliveryStatus, ProviderCall, VerifyProvider } from '../src/verify-provider'
import { GHANA, SECRET, T0, harnessPerTest } from './harness'

const harness = harnessPerTest()
const ENGINE_SECRET = 'engine-test-secret-0123456789abcdef-xyz'

function engineOn(now: () => number, options: { codeLength?: number; channels?: ('sms' | 'call' | 'email')[] } = {}): { engine: EngineProvider; inbox: InboxTransport } {
  const inbox = createInboxTransport({ now, ...(options.channels ? { channels: options.channels } : {}) })
  const engine = createEngineProvider({ secret: ENGINE_SECRET, appName: 'Acme', webOtpHost: 'app.example.com', routes: [{ transport: inbox }], ...(options.codeLength ? { codeLength: options.codeLength } : {}) })
  return { engine, inbox }
}

/** Records the store of every call, so a test can tell it is the proxy's. */
function recordingCalls(provider: VerifyProvider, seen: ProviderCall[]): VerifyProvider {
  return {
    ...provider,
    start: (input, call) => (seen.push({ ...call, input } as ProviderCall), provider.start(input, call)),
    check: (id, code, call) => (seen.push(call), provider.check(id, code, call)),
    status: (id, call) => (seen.push(call), provider.status(id, call)),
  }
}

describe('a port-v2 provider behind the proxy (the engine)', () => {
  it('sends with the code length it declares, re-sends the same verification and code, and approves once', async () => {
    let t = T0
    const store = createMemoryStore({ now: () => t })
    const { engine, inbox } = engineOn(() => t, { codeLength: 8 })
    const calls: ProviderCall[] = []
    const h = await harness({ proxy: { provider: recordingCalls(engine, calls), store, now: () => t } })
    const browser = h.browser()
    const first = await browser.start({ to: GHANA })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ codeLength: 8, delivery: 'delivered', attemptsLeft: 5 })
    const id = String(first.body?.id)
    // Every call carried the proxy's clock and a store (the request's view of the proxy's store).
    expect(calls[0]?.clock.now()).toBe(t)
    expect(typeof calls[0]?.store.take).toBe('function')
    const code = inbox.list(GHANA)[0]?.code ?? ''
    expect(code).toMatch(/^[0-9]{8}$/)

    t += 31_000
    const again = await browser.start({ to: GHANA })
    expect(again.status).toBe(201)
    expect(again.body?.id).toBe(id)
    // The proxy told the provider which pending verification this start re-sends.
    expect((calls.at(-1) as ProviderCall & { input: unknown }).input).toMatchObject({ resend: { id, channel: 'sms', sends: 1 } })
    expect(inbox.list(GHANA).map((m) => m.code)).toEqual([code, code])

    const wrong = await browser.check(id, code === '00000000' ? '11111111' : '00000000')
    expect(wrong.body).toMatchObject({ status: 'pending', attemptsLeft: 4 })
    const right = await browser.check(id, code)
    expect(right.body).toMatchObject({ status: 'approved', attemptsLeft: 4 })
    const claims = await verifyReceipt(right.body?.receipt, SECRET, { expectedTo: GHANA, replay: 'allow', now: () => t })
    expect(claims.vid).toBe(id)
    // The engine's state lives in the proxy's store: its keys are there beside the proxy's.
    expect((await browser.status(id)).body).toMatchObject({ status: 'approved', delivery: 'delivered' })
  })

  it('refuses a channel the provider does not declare, before any counter or send', async () => {
    const { engine, inbox } = engineOn(Date.now, { channels: ['sms', 'email'] })
    expect(engine.channels).not.toContain('call')
    const h = await harness({ proxy: { provider: engine } })
    const refused = await h.browser().start({ to: GHANA, channel: 'call' })
    expect(refused).toMatchObject({ status: 400, body: { code: 'unsupported_channel' } })
    expect(inbox.list()).toEqual([])
    expect((await h.browser().start({ to: 'kofi@example.com', channel: 'email' })).status).toBe(201)
  })

  it('throws at creation when an option disagrees with what the provider declares', () => {
    const { engine } = engineOn(Date.now)
    const base = { provider: engine, secret: SECRET }
    expect(() => createVerifyHandler({ ...base, codeLength: 8 })).toThrow(/codeLength is 8 but the provider "engine" declares 6/)
    expect(() => createVerifyHandler({ ...base, codeTtlSeconds: 60 })).toThrow(/codeTtlSeconds/)
    expect(() => createVerifyHandler({ ...base, maxCheckAttempts: 3 })).toThrow(/maxCheckAttempts/)
    expect(() => createVerifyHandler({ ...base, codeLength: 6, codeTtlSeconds: engine.lifetimeSeconds })).not.toThrow()
  })
})

const deliveryKey = (id: string) => `test-delivery:${id}`

const withDelivery = async <T extends { id: string; delivery?: DeliveryStatus }>(answer: T, call: ProviderCall): Promise<T> => {
  const [reported] = await call.store.get([deliveryKey(answer.id)])
  return { ...answer, delivery: (reported as DeliveryStatus | undefined) ?? 'sent' }
}

/** A v2 provider over the engine whose deliveries are decided by reports (a gateway's webhooks). */
function reportingProvider(engine: EngineProvider, store: VerifyStore, received: string[]): VerifyProvider {
  return {
    ...engine,
    start: async (input, call) => withDelivery(await engine.start(input, call), call),
    status: async (id, call) => withDelivery(await engine.status(id, call), call),
    check: (id, code, call) => engine.check(id, code, call),
    async deliveryReport(request, call) {
      expect(call.store).not.toBe(store) // the request's view, with its deadline
      const form = new URLSearchParams(await request.text())
      if (form.get('key') !== 'gateway-secret') return new Response('forged', { status: 401 })
      received.push(new URL(request.url).pathname)
      await call.store.write({ set: [{ key: deliveryKey(form.get('id') ?? ''), value: form.get('status') ?? '', ttlSeconds: 600 }] })
      return new Response(null, { status: 204 })
    },
  }
}

describe('delivery reports', () => {
  it('reach the provider at POST {base}/reports/{transport} with no origin or session, and the status answer shows them', async () => {
    let t = T0
    const store = createMemoryStore({ now: () => t })
    const { engine } = engineOn(() => t)
    const received: string[] = []
    const h = await harness({ proxy: { provider: reportingProvider(engine, store, received), store, now: () => t, limits: { deliveryReportsPerIpPerMinute: 3 } } })
    const browser = h.browser()
    const started = await browser.start({ to: GHANA })
    expect(started.body).toMatchObject({ delivery: 'sent' })
    const id = String(started.body?.id)

    // The gateway: no Origin, no cookie, a form body.
    const post = (body: string, path = '/reports/gateway') =>
      fetch(`${h.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
    expect((await post(`key=wrong&id=${id}&status=delivered`)).status).toBe(401)
    const accepted = await post(`key=gateway-secret&id=${id}&status=undelivered`)
    expect(accepted.status).toBe(204)
    expect(accepted.headers.get('access-control-allow-origin')).toBeNull()
    expect(received).toEqual(['/api/verify/reports/gateway'])

    // The status read asks the provider (first read) and carries the reported delivery.
    const status = await browser.status(id)
    expect(status.body).toMatchObject({ status: 'pending', delivery: 'undelivered' })
    // Within the refresh window the answer comes from the proxy's record, delivery included.
    expect((await browser.status(id)).body).toMatchObject({ status: 'pending', delivery: 'undelivered' })

    // A cap per client IP: the third report of the minute is the last.
    expect((await post(`key=gateway-secret&id=${id}&status=delivered`)).status).toBe(204)
    const capped = await post(`key=gateway-secret&id=${id}&status=delivered`)
    expect(capped.status).toBe(429)
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(received).toHaveLength(2)
  })

  it('are bounded: a body over 64 KiB is 413 unread, a path that names no transport is 404, and a provider without reports answers 404', async () => {
    const { engine } = engineOn(Date.now)
    const h = await harness({ proxy: { provider: reportingProvider(engine, createMemoryStore(), []) } })
    const huge = await fetch(`${h.base}/reports/gateway`, { method: 'POST', body: 'x'.repeat(64 * 1024 + 1) })
    expect(huge.status).toBe(413)
    expect((await fetch(`${h.base}/reports/Bad_Name`, { method: 'POST', body: 'x' })).status).toBe(404)
    expect((await fetch(`${h.base}/reports/gateway`, { method: 'GET' })).status).toBe(405)

    const plain = await harness({ proxy: {} })
    expect((await fetch(`${plain.base}/reports/gateway`, { method: 'POST', body: 'x' })).status).toBe(404)
  })
})
