// The Node-only routes of the configuration, against their real counterparts: `hakiki-server` (the
// CLI, a real process, from a JSON file with the SMPP password from the environment) sends an
// e-mail code through an SMTP route to Debian's Postfix and an SMS code through an SMPP route to an
// SMSC (the one the engine's SMPP tests use), and both mailed codes verify. In process, with an
// instrumented meter: the SMSC's "undelivered" receipt is counted per route, the code fails over to
// the next route, and the check is counted on the route that delivered it.
import type { Meter } from '@opentelemetry/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postfixAvailable, startPostfix, type PostfixProcess } from '../../engine/test/postfix'
import { startSmsc, type Smsc } from '../../engine/test/smsc'
import { startInstance, writeConfig, type Instance } from '../test/cluster'
import { startMessageSink, type MessageSink } from '../test/message-sink'
import { CLIENTS, ENV, testConfigInput } from '../test/server-fixture'
import type { ServerConfigInput } from './server-config'
import { parseServerConfig } from './server-config'
import { silentLogger } from './server-logger'
import { createServerMetrics } from './server-metrics'
import { startVerifyServer, type RunningVerifyServer } from './start-verify-server'

const SMPP = { systemId: 'hakiki', password: 'smpp-pass' }
const KE = '+254712345678'
const PATH = '/verify/v1/identity/verification'

/** The file's routes: SMTP for e-mail (when Postfix runs), SMPP for Kenyan SMS, then the test's webhook sink. */
async function configWith(sink: MessageSink, smsc: Smsc, postfix: PostfixProcess | undefined): Promise<ServerConfigInput> {
  const input = await testConfigInput(sink.url)
  input.routes = [
    ...(postfix ? [{ transport: { type: 'smtp' as const, host: '127.0.0.1', port: postfix.port, from: 'Hakiki <codes@app.example.com>', timeoutSeconds: 20 }, channels: ['email' as const] }] : []),
    { transport: { type: 'smpp', url: smsc.url, systemId: SMPP.systemId, password: { env: 'SMPP_PASSWORD' }, sourceAddr: 'Hakiki', timeoutSeconds: 20 }, channels: ['sms'], countries: ['KE'] },
    ...input.routes,
  ]
  return input
}

/** A client of one server: a token, then create and check. */
async function clientOf(url: string) {
  const form = new URLSearchParams({ client_id: CLIENTS[0].id, client_secret: CLIENTS[0].secret })
  const { access_token: token } = (await (await fetch(`${url}/oauth/client/accesstoken?grant_type=client_credentials`, { method: 'POST', body: form })).json()) as { access_token: string }
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  return {
    async create(body: object) {
      const response = await fetch(`${url}${PATH}`, { method: 'POST', headers, body: JSON.stringify(body) })
      expect(response.status).toBe(201)
      return ((await response.json()) as { data: { verificationId: string } }).data.verificationId
    },
    async check(id: string, code: string) {
      const response = await fetch(`${url}${PATH}/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ code }) })
      return ((await response.json()) as { data?: { status?: string } }).data?.status
    },
    read: (id: string) => fetch(`${url}${PATH}/${id}`, { headers }),
  }
}

describe('hakiki-server with SMTP and SMPP routes from its configuration file', () => {
  let postfix: PostfixProcess | undefined
  let smsc: Smsc
  let sink: MessageSink
  let instance: Instance
  beforeAll(async () => {
    ;[postfix, smsc, sink] = await Promise.all([postfixAvailable ? startPostfix() : undefined, startSmsc(SMPP, 'delivered'), startMessageSink()])
    instance = await startInstance(await writeConfig(await configWith(sink, smsc, postfix)), { SMPP_PASSWORD: SMPP.password })
    // A ceiling for a hung start, not a wait: a process from source and Postfix take seconds on a busy machine.
  }, 60_000)
  afterAll(async () => {
    instance?.child.kill('SIGTERM')
    await instance?.exited
    await Promise.all([postfix?.stop(), smsc?.close(), sink?.close()])
  })

  it.skipIf(!postfixAvailable)('sends an e-mail code through Postfix, and the mailed code verifies', { timeout: 90_000 }, async () => {
    const client = await clientOf(instance.url)
    const id = await client.create({ to: 'ama@example.com', channel: 'email' })
    const mail = (await postfix!.waitForMessages(1, 60_000)).find((m) => /^To: .*ama@example\.com/m.test(m))
    const code = mail && /^Subject: .*?(\d{6})/m.exec(mail)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(sink.list('ama@example.com')).toEqual([])
    expect(await client.check(id, code!)).toBe('approved')
  })

  it('sends an SMS code over an SMPP bind to the SMSC, and the code it carried verifies', { timeout: 60_000 }, async () => {
    const client = await clientOf(instance.url)
    const id = await client.create({ to: KE })
    await expect.poll(() => smsc.submitted.length, { timeout: 30_000 }).toBe(1)
    const submitted = smsc.submitted[0]!
    expect([submitted.to, submitted.from, smsc.binds]).toEqual([KE.slice(1), 'Hakiki', [{ systemId: SMPP.systemId, ok: true }]])
    const code = /#(\d{6})$/.exec(submitted.text)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(sink.list(KE)).toEqual([])
    expect(await client.check(id, code!)).toBe('approved')
  })
})

describe('delivery metrics of an SMPP route', () => {
  const recorded: { name: string; value: number; attributes: Record<string, unknown> }[] = []
  const instrument = (name: string) => ({
    add: (value: number, attributes: Record<string, unknown> = {}) => recorded.push({ name, value, attributes }),
    record: (value: number, attributes: Record<string, unknown> = {}) => recorded.push({ name, value, attributes }),
  })
  const of = (name: string) => recorded.filter((r) => r.name === name).map((r) => r.attributes)
  let smsc: Smsc
  let sink: MessageSink
  let server: RunningVerifyServer
  beforeAll(async () => {
    ;[smsc, sink] = await Promise.all([startSmsc(SMPP, 'undelivered'), startMessageSink()])
    const config = parseServerConfig(await configWith(sink, smsc, undefined), { ...ENV, SMPP_PASSWORD: SMPP.password })
    const meter = { createCounter: instrument, createHistogram: instrument } as unknown as Meter
    server = await startVerifyServer({ config, port: 0, logger: silentLogger, metrics: createServerMetrics(meter) })
  })
  afterAll(async () => {
    await server?.close()
    await Promise.all([smsc?.close(), sink?.close()])
  })

  it('counts the SMSC receipt per route, the failover send, and sends, verifications and checks with their route', { timeout: 60_000 }, async () => {
    const client = await clientOf(server.url)
    const id = await client.create({ to: KE })
    await expect.poll(() => smsc.submitted.length, { timeout: 30_000 }).toBe(1)
    // The receipt arrives on the bind; the engine applies it on its next call (a read), failing over to the sink.
    await expect.poll(async () => ((await client.read(id)).ok ? sink.list(KE).length : -1), { timeout: 30_000 }).toBe(1)
    expect(of('hakiki.deliveries')).toEqual([
      { channel: 'sms', country: 'KE', route: 'smpp', status: 'undelivered', event: 'report' },
      { channel: 'sms', country: 'KE', route: 'sink', status: expect.any(String), event: 'failover' },
    ])
    expect(await client.check(id, sink.list(KE)[0]!.code)).toBe('approved')
    expect(of('hakiki.sends')).toEqual([{ client: 'shop', channel: 'sms', country: 'KE', route: 'smpp', outcome: 'sent' }])
    expect(of('hakiki.verifications.created')).toEqual([{ client: 'shop', channel: 'sms', country: 'KE', route: 'smpp' }])
    // Conversion per route: the check is counted on the route whose message was read.
    expect(of('hakiki.verifications.checked')).toEqual([{ client: 'shop', channel: 'sms', country: 'KE', route: 'sink', status: 'approved' }])
    expect(of('hakiki.send.duration')).toEqual([{ client: 'shop', channel: 'sms', country: 'KE', route: 'smpp', outcome: 'sent' }])
    expect(recorded.filter((r) => r.name === 'hakiki.send.duration').every((r) => r.value >= 0)).toBe(true)
  })
})
