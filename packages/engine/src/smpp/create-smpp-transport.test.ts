// The SMPP transport against an SMSC on loopback (the `smpp` package's server speaking SMPP 3.4):
// bind, submit_sm with a receipt asked, receipts read into delivery statuses, and the engine's
// failover on a refused bind, on a failed receipt and on a receipt that never comes.
import type { ProviderCall } from '@hakiki/provider'
import { createMemoryStore } from '@hakiki/store'
import { afterEach, describe, expect, it } from 'vitest'
import { startSmsc, type Smsc } from '../../test/smsc'
import { describeTransportContract } from '../contract/index'
import { createEngineProvider, type EngineProvider } from '../create-engine-provider'
import type { Transport } from '../transport'
import { createSmppTransport } from './create-smpp-transport'

const SECRET = 'a test secret of at least thirty-two bytes'
const NIGERIA = '+2348031234567'
const GOOD = { systemId: 'acme', password: 'secret1' }

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const o of open.splice(0).toReversed()) await o.close()
})

async function smsc(mode?: Parameters<typeof startSmsc>[1]): Promise<Smsc> {
  const s = await startSmsc(GOOD, mode)
  open.push(s)
  return s
}
function transport(s: Smsc, name: string, password = GOOD.password): Transport {
  const t = createSmppTransport({ url: s.url, systemId: GOOD.systemId, password, sourceAddr: 'ACME', name, timeoutMs: 5000 })
  open.push({ close: () => t.close!() })
  return t
}
function setup(routes: Transport[], reportTimeoutSeconds = 120) {
  let now = Date.now()
  const call: ProviderCall = { store: createMemoryStore({ now: () => now }), clock: { now: () => now } }
  const engine = createEngineProvider({ secret: SECRET, appName: 'Acme', webOtpHost: 'app.example.com', routes: routes.map((t) => ({ transport: t })), reportTimeoutSeconds })
  return { engine, call, advance: (s: number) => void (now += s * 1000) }
}
/** Reads the status until `done` holds (receipts come asynchronously on the bind). */
async function statusUntil(engine: EngineProvider, id: string, call: ProviderCall, done: (delivery: string | undefined) => boolean) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const v = await engine.status(id, call)
    if (done(v.delivery)) return v
    if (Date.now() > deadline) throw new Error(`delivery stayed ${v.delivery}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
const codeOf = (text: string) => /#(\d{6})$/.exec(text)![1]!

describe('createSmppTransport against an SMSC', () => {
  it('binds, submits with a receipt asked, and reads the receipt into "delivered"', async () => {
    const center = await smsc('delivered')
    const { engine, call } = setup([transport(center, 'smpp')])
    const started = await engine.start({ to: NIGERIA, channel: 'sms', locale: 'en' }, call)
    expect(started.delivery).toBe('sent')
    expect(center.binds).toEqual([{ systemId: 'acme', ok: true }])
    expect(center.submitted[0]).toMatchObject({ to: '2348031234567', from: 'ACME', registeredDelivery: 1 })
    expect(center.submitted[0]!.text).toMatch(/\n\n@app\.example\.com #\d{6}$/)
    await statusUntil(engine, started.id, call, (d) => d === 'delivered')
    // A long (UCS-2) message goes as message_payload and arrives whole.
    await engine.start({ to: '+2348031234568', channel: 'sms', locale: 'ar' }, call)
    expect(center.submitted[1]!.text).toMatch(/#\d{6}$/)
    expect(center.submitted[1]!.text.length).toBeGreaterThan(70)
  })

  it('fails over on a refused bind, with the same code', async () => {
    const first = await smsc()
    const second = await smsc()
    const { engine, call } = setup([transport(first, 'smpp-a', 'wrong'), transport(second, 'smpp-b')])
    const { id } = await engine.start({ to: NIGERIA, channel: 'sms', locale: 'en' }, call)
    expect(first.binds).toEqual([{ systemId: 'acme', ok: false }])
    expect(first.submitted).toHaveLength(0)
    expect(second.submitted).toHaveLength(1)
    expect(await engine.check(id, codeOf(second.submitted[0]!.text), call)).toMatchObject({ status: 'approved' })
  })

  it('fails over on a failed receipt, with the same code', async () => {
    const first = await smsc('undelivered')
    const second = await smsc('delivered')
    const { engine, call } = setup([transport(first, 'smpp-a'), transport(second, 'smpp-b')])
    const { id } = await engine.start({ to: NIGERIA, channel: 'sms', locale: 'en' }, call)
    await statusUntil(engine, id, call, () => second.submitted.length === 1)
    expect(codeOf(second.submitted[0]!.text)).toBe(codeOf(first.submitted[0]!.text))
    await statusUntil(engine, id, call, (d) => d === 'delivered')
  })

  it('fails over when no receipt comes within the report timeout, with the same code', async () => {
    const first = await smsc('none')
    const second = await smsc('delivered')
    const { engine, call, advance } = setup([transport(first, 'smpp-a'), transport(second, 'smpp-b')], 30)
    const { id } = await engine.start({ to: NIGERIA, channel: 'sms', locale: 'en' }, call)
    advance(29)
    expect((await engine.status(id, call)).delivery).toBe('sent')
    expect(second.submitted).toHaveLength(0)
    advance(1)
    await engine.status(id, call)
    expect(second.submitted).toHaveLength(1)
    expect(codeOf(second.submitted[0]!.text)).toBe(codeOf(first.submitted[0]!.text))
  })

  it('binds again after the SMSC dropped the connection', async () => {
    const center = await smsc()
    const t = transport(center, 'smpp')
    const message = { channel: 'sms' as const, to: NIGERIA, locale: 'en', text: 'x', reference: 'r' }
    // (A submit caught by the drop fails at once with "unavailable", not at its deadline.)
    await t.send(message)
    center.dropConnections()
    // The next send may race the close: it either binds anew right away, or fails once and binds on the one after.
    const outcome = await t.send(message).then(() => 'sent', (e: { kind?: string }) => e.kind)
    if (outcome !== 'sent') await t.send(message)
    expect(center.binds.filter((b) => b.ok).length).toBe(2)
    expect(center.submitted.length).toBeGreaterThanOrEqual(2)
  })

  it('classifies an invalid destination as invalid_phone_number', async () => {
    const center = await smsc()
    const t = transport(center, 'smpp')
    await expect(t.send({ channel: 'sms', to: '+12', locale: 'en', text: 'x', reference: 'r' })).rejects.toMatchObject({ kind: 'invalid_phone_number', providerCode: '0xb' })
  })
})

describeTransportContract('smpp against an SMSC', async () => {
  const center = await startSmsc(GOOD)
  const t = createSmppTransport({ url: center.url, systemId: GOOD.systemId, password: GOOD.password, sourceAddr: 'ACME', timeoutMs: 5000 })
  let closed = false
  const closeCenter = async () => {
    if (closed) return
    closed = true
    await center.close()
  }
  return {
    transport: t,
    addresses: { sms: NIGERIA },
    received: () => center.submitted.map((s) => s.text),
    breakCounterpart: closeCenter,
    close: async () => {
      await t.close!()
      await closeCenter()
    },
  }
})
