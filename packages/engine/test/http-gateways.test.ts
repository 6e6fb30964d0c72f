// The HTTP gateway transports against local stand-ins of Africa's Talking, Termii and Infobip (real
// HTTP on loopback both ways): the vendor's wire format on send, delivery reports through the
// engine's report handler (forged ones refused), errors classified, and failover to the next
// gateway with the same code when a report says the message failed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ProviderCall } from '@hakiki/provider'
import { createMemoryStore } from '@hakiki/store'
import { afterEach, describe, expect, it } from 'vitest'
import { describeTransportContract } from '../src/contract/index'
import { createEngineProvider, type EngineProvider, type Transport } from '../src/index'
import { createAfricasTalkingTransport } from '../src/transports/create-africas-talking-transport'
import { createInfobipTransport } from '../src/transports/create-infobip-transport'
import { createTermiiTransport } from '../src/transports/create-termii-transport'
import { createTwilioMessagingTransport } from '../src/transports/create-twilio-messaging-transport'
import { startAfricasTalkingStandIn, startInfobipStandIn, startTermiiStandIn, startTwilioStandIn, type GatewayStandIn } from './gateway-stand-ins'

const SECRET = 'a test secret of at least thirty-two bytes'
const KENYA = '+254711234567'

const TWILIO = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'tw-token' }
const twilioTransport = (baseUrl: string, reports: string) =>
  createTwilioMessagingTransport({ ...TWILIO, from: '+15005550006', callFrom: '+15005550006', baseUrl, statusCallbackUrl: `${reports}/twilio` })

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).toReversed()) await close()
})

/** The app's report endpoint: node:http in front of `engine.deliveryReport`, as an app mounts it. */
async function reportServer(engine: () => EngineProvider, call: ProviderCall): Promise<string> {
  const server: Server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += String(chunk)
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body })
    const response = await engine().deliveryReport!(request, call)
    res.writeHead(response.status).end(await response.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`
}

interface Gateway {
  standIn: GatewayStandIn
  transport: Transport
}

/** A report each gateway's transport must refuse: the right shape, the wrong secret. */
const FORGED: Record<string, () => Request> = {
  "africa's talking": () => new Request('http://127.0.0.1/reports/africas-talking?key=guess', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'id=ATXid_1&status=Success' }),
  termii: () => new Request('http://127.0.0.1/reports/termii', { method: 'POST', headers: { 'content-type': 'application/json', 'x-termii-signature': 'ab'.repeat(64) }, body: '{"message_id":"1","status":"Delivered"}' }),
  infobip: () => new Request('http://127.0.0.1/reports/infobip?token=guess', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"results":[{"messageId":"1","status":{"groupName":"DELIVERED"}}]}' }),
  'twilio messaging': () => new Request('http://127.0.0.1/reports/twilio', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'Zm9yZ2Vk' }, body: 'MessageSid=SM1&MessageStatus=delivered' }),
}

/** Each gateway, started against the report URL. */
const GATEWAYS: Record<string, (reports: string) => Promise<Gateway>> = {
  "africa's talking": async (reports) => {
    const standIn = await startAfricasTalkingStandIn({ username: 'acme', apiKey: 'at-key' }, `${reports}/africas-talking?key=at-report-secret`)
    return { standIn, transport: createAfricasTalkingTransport({ username: 'acme', apiKey: 'at-key', from: 'ACME', baseUrl: standIn.url, reportKey: 'at-report-secret' }) }
  },
  termii: async (reports) => {
    const standIn = await startTermiiStandIn({ apiKey: 'tm-key', secretKey: 'tm-secret' }, `${reports}/termii`)
    return { standIn, transport: createTermiiTransport({ apiKey: 'tm-key', from: 'Acme', baseUrl: standIn.url, secretKey: 'tm-secret' }) }
  },
  infobip: async (reports) => {
    const standIn = await startInfobipStandIn({ apiKey: 'ib-key' })
    return { standIn, transport: createInfobipTransport({ apiKey: 'ib-key', from: 'Acme', baseUrl: standIn.url, notifyUrl: `${reports}/infobip`, reportToken: 'ib-report-secret' }) }
  },
  'twilio messaging': async (reports) => {
    const standIn = await startTwilioStandIn(TWILIO)
    return { standIn, transport: twilioTransport(standIn.url, reports) }
  },
}

function setup() {
  let now = Date.UTC(2026, 10, 27)
  const call: ProviderCall = { store: createMemoryStore({ now: () => now }), clock: { now: () => now } }
  return { call, advance: (s: number) => void (now += s * 1000) }
}

const codeOf = (text: string) => /#(\d{6})$/.exec(text)![1]!

for (const [label, start] of Object.entries(GATEWAYS)) {
  describeTransportContract(`${label} against its stand-in`, async () => {
    const { standIn, transport } = await start('http://127.0.0.1:9/reports')
    const calls = (standIn as { calls?: { text: string }[] }).calls ?? []
    return {
      transport,
      addresses: { sms: KENYA, call: KENYA },
      received: () => [...standIn.sends, ...calls].map((s) => s.text),
      breakCounterpart: () => void (standIn.mode = 'down'),
      forgedReport: FORGED[label]!,
      close: () => standIn.close(),
    }
  })

  describe(`${label} transport against its stand-in`, () => {
    it('sends in the wire format, takes a delivery report, and refuses a forged one', async () => {
      const { call } = setup()
      let engine: EngineProvider | undefined
      const reports = await reportServer(() => engine!, call)
      const { standIn, transport } = await start(reports)
      closers.push(() => standIn.close())
      engine = createEngineProvider({ secret: SECRET, appName: 'Acme', webOtpHost: 'app.example.com', routes: [{ transport }] })
      const started = await engine.start({ to: KENYA, channel: 'sms', locale: 'en' }, call)
      expect(standIn.sends).toHaveLength(1)
      const sent = standIn.sends[0]!
      expect(sent.to.replace(/^\+/, '')).toBe(KENYA.slice(1))
      expect(sent.text).toMatch(/\n\n@app\.example\.com #\d{6}$/)
      expect(['sent', 'queued']).toContain(started.delivery)
      expect(await standIn.report(sent.messageId, 'delivered', { tamper: true })).toBe(401)
      expect((await engine.status(started.id, call)).delivery).not.toBe('delivered')
      expect(await standIn.report(sent.messageId, 'delivered')).toBe(200)
      expect((await engine.status(started.id, call)).delivery).toBe('delivered')
      expect(await engine.check(started.id, codeOf(sent.text), call)).toMatchObject({ status: 'approved' })
    })

    it('classifies refusals: an invalid number, a wrong key, a gateway down', async () => {
      const { standIn, transport } = await start('http://127.0.0.1:9/reports')
      closers.push(() => standIn.close())
      const message = { channel: 'sms' as const, to: KENYA, locale: 'en', text: 'hi', reference: 'r' }
      const outcomes: Record<string, unknown> = {}
      for (const mode of ['invalid-number', 'bad-key', 'down'] as const) {
        standIn.mode = mode
        outcomes[mode] = await transport.send(message).then(() => 'sent', (e: { kind?: string }) => e.kind)
      }
      expect(outcomes).toEqual({ 'invalid-number': 'invalid_phone_number', 'bad-key': 'misconfigured', down: 'unavailable' })
    })
  })
}

describe('failover between gateways', () => {
  it('sends the same code through the next gateway when the first reports a failure, and when it is down', async () => {
    const { call } = setup()
    let engine: EngineProvider | undefined
    const reports = await reportServer(() => engine!, call)
    const at = await GATEWAYS["africa's talking"]!(reports)
    const termii = await GATEWAYS.termii!(reports)
    const infobip = await GATEWAYS.infobip!(reports)
    for (const g of [at, termii, infobip]) closers.push(() => g.standIn.close())
    engine = createEngineProvider({ secret: SECRET, appName: 'Acme', webOtpHost: 'app.example.com', routes: [at, termii, infobip].map((g) => ({ transport: g.transport })) })
    const { id } = await engine.start({ to: KENYA, channel: 'sms', locale: 'sw' }, call)
    expect(await at.standIn.report(at.standIn.sends[0]!.messageId, 'failed')).toBe(200)
    expect(termii.standIn.sends).toHaveLength(1)
    expect(codeOf(termii.standIn.sends[0]!.text)).toBe(codeOf(at.standIn.sends[0]!.text))
    // A re-send starts at the first route again; that gateway is down now, so it goes to the second.
    at.standIn.mode = 'down'
    await engine.start({ to: KENYA, channel: 'sms', locale: 'en' }, call)
    expect(termii.standIn.sends).toHaveLength(2)
    expect(await termii.standIn.report(termii.standIn.sends[1]!.messageId, 'failed')).toBe(200)
    expect(infobip.standIn.sends).toHaveLength(1)
    const code = codeOf(infobip.standIn.sends[0]!.text)
    expect(code).toBe(codeOf(at.standIn.sends[0]!.text))
    expect(await engine.check(id, code, call)).toMatchObject({ status: 'approved' })
  })
})

describe('voice through Twilio', () => {
  it('calls with the script in the person\'s language, the digits spoken one by one twice, and reads the call status', async () => {
    const { call } = setup()
    let engine: EngineProvider | undefined
    const reports = await reportServer(() => engine!, call)
    const standIn = await startTwilioStandIn(TWILIO)
    closers.push(() => standIn.close())
    engine = createEngineProvider({ secret: SECRET, appName: 'Acme', routes: [{ transport: twilioTransport(standIn.url, reports) }] })
    const started = await engine.start({ to: KENYA, channel: 'call', locale: 'fr' }, call)
    expect(standIn.calls).toHaveLength(1)
    const placed = standIn.calls[0]!
    expect(placed.language).toBe('fr')
    const digits = /(\d(?:, \d){5})/.exec(placed.text)![1]!
    expect(placed.text.split(digits).length - 1).toBe(2)
    expect(await standIn.report(placed.messageId, 'delivered', { tamper: true })).toBe(401)
    expect(await standIn.report(placed.messageId, 'delivered')).toBe(200)
    expect((await engine.status(started.id, call)).delivery).toBe('delivered')
    expect(await engine.check(started.id, digits.replace(/, /g, ''), call)).toMatchObject({ status: 'approved' })
  })
})
