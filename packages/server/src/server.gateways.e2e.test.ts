// Delivery through the engine's gateway transports configured in the server's file: an SMS goes
// to Africa's Talking (the engine's stand-in of its documented API, on loopback); its failed
// delivery report comes back to the server's /delivery-reports/africas-talking webhook, which
// authenticates it and fails the same code over to the next route (the webhook transport).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAfricasTalkingStandIn, type GatewayStandIn } from '../../engine/test/gateway-stand-ins'
import { startMessageSink, type MessageSink } from '../test/message-sink'
import { CLIENTS, ENV, testConfigInput } from '../test/server-fixture'
import { parseServerConfig } from './server-config'
import { silentLogger } from './server-logger'
import { startVerifyServer, type RunningVerifyServer } from './start-verify-server'

const AT = { username: 'sandbox', apiKey: 'at-api-key-0123456789' }
const REPORT_KEY = 'at-report-key-0123456789'
const KE = '+254712345678'
let standIn: GatewayStandIn
let sink: MessageSink
let server: RunningVerifyServer

beforeAll(async () => {
  sink = await startMessageSink()
  standIn = await startAfricasTalkingStandIn(AT, 'http://127.0.0.1:9/replaced-per-report')
  const input = await testConfigInput(sink.url)
  input.routes = [
    { transport: { type: 'africas-talking', username: AT.username, apiKey: { env: 'AT_API_KEY' }, reportKey: { env: 'AT_REPORT_KEY' }, baseUrl: standIn.url }, channels: ['sms'], countries: ['KE'] },
    ...input.routes,
  ]
  const config = parseServerConfig(input, { ...ENV, AT_API_KEY: AT.apiKey, AT_REPORT_KEY: REPORT_KEY })
  server = await startVerifyServer({ config, port: 0, logger: silentLogger })
})

afterAll(async () => {
  await server?.close()
  await standIn?.close()
  await sink?.close()
})

describe('gateway routes from the configuration', () => {
  it("send over Africa's Talking, take its authenticated report, and fail the same code over to the next route", async () => {
    const form = new URLSearchParams({ client_id: CLIENTS[0].id, client_secret: CLIENTS[0].secret })
    const { access_token: token } = (await (await fetch(`${server.url}/oauth/client/accesstoken?grant_type=client_credentials`, { method: 'POST', body: form })).json()) as { access_token: string }
    const created = await fetch(`${server.url}/verify/v1/identity/verification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: KE }),
    })
    expect(created.status).toBe(201)
    expect(standIn.sends.map((s) => s.to)).toEqual([KE])
    expect(sink.list(KE)).toEqual([])
    const sent = standIn.sends[0]!
    const callbackUrl = `${server.url}/delivery-reports/africas-talking?key=${REPORT_KEY}`
    expect(await standIn.report(sent.messageId, 'failed', { callbackUrl: callbackUrl.replace(REPORT_KEY, 'wrong-key') })).toBe(401)
    expect(sink.list(KE)).toEqual([])
    expect(await standIn.report(sent.messageId, 'failed', { callbackUrl })).toBe(200)
    const [failedOver] = sink.list(KE)
    expect(failedOver?.code).toMatch(/^\d{6}$/)
    expect(sent.text).toContain(`#${failedOver!.code}`)
    expect((await fetch(`${server.url}/delivery-reports/no-such-transport`, { method: 'POST' })).status).toBe(404)
  })
})
