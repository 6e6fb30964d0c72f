// The official `twilio` SDK, unmodified, against hakiki-server's Twilio Verify dialect over real
// HTTP on loopback. The SDK's documented hook for another host is a custom `httpClient`
// (https://www.twilio.com/docs/libraries/node/custom-http-clients-node): a subclass of its own
// RequestClient that only swaps the host, so authentication, form encoding and parsing are the SDK's.
import type { Meter } from '@opentelemetry/api'
import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPhone } from '../../sandbox/test/conformance'
import { startMessageSink, type MessageSink } from '../test/message-sink'
import { ENV, testConfigInput } from '../test/server-fixture'
import { hashClientSecret, MIN_PBKDF2_ITERATIONS } from './client-secret'
import { parseServerConfig } from './server-config'
import { silentLogger } from './server-logger'
import { createServerMetrics } from './server-metrics'
import { startVerifyServer, type RunningVerifyServer } from './start-verify-server'

const accountSid = `AC${'1'.repeat(32)}`
const authToken = 'twilio-auth-token-0123456789'
const serviceSid = `VA${'2'.repeat(32)}`
let sink: MessageSink
let server: RunningVerifyServer
/** Attributes of every check the server's metrics counted. */
const checks: Record<string, unknown>[] = []
/** The two methods of the OpenTelemetry API's Meter the server uses: records the checks. */
const instrument = (name: string) => ({ add: (_: number, attributes: Record<string, unknown> = {}) => void (name === 'hakiki.verifications.checked' && checks.push(attributes)), record: () => {} })

/** The SDK's request client, sending what it would send to verify.twilio.com to the server. */
class LoopbackRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super()
  }
  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...options, uri: options.uri.replace(/^https:\/\/verify\.twilio\.com/, this.base) })
  }
}

/**
 * Each SDK request checks the auth token with PBKDF2 over real HTTP: ~1–3 s a test here, 5.5 s once
 * beside six other test runs on two cores, past vitest's default 5 s. A bound, not a wait.
 */
const SDK_TEST_TIMEOUT_MS = 30_000

beforeAll(async () => {
  sink = await startMessageSink()
  const input = await testConfigInput(sink.url)
  input.clients[0]!.twilio = { accountSid, authTokenHash: await hashClientSecret(authToken, MIN_PBKDF2_ITERATIONS), serviceSid }
  const meter = { createCounter: instrument, createHistogram: instrument } as unknown as Meter
  server = await startVerifyServer({ config: parseServerConfig(input, ENV), port: 0, logger: silentLogger, metrics: createServerMetrics(meter) })
})

afterAll(async () => {
  await server?.close()
  await sink?.close()
})

describe('the official twilio SDK against hakiki-server', () => {
  it('creates, re-sends, fetches, checks and cancels verifications', async () => {
    const service = twilio(accountSid, authToken, { httpClient: new LoopbackRequestClient(server.url) }).verify.v2.services(serviceSid)
    const to = freshPhone()
    const created = await service.verifications.create({ to, channel: 'sms', locale: 'fr' })
    expect(created).toMatchObject({ serviceSid, accountSid, to, channel: 'sms', status: 'pending', valid: false })
    expect(created.sid).toMatch(/^VE[0-9a-f]{32}$/)
    expect(created.dateCreated).toBeInstanceOf(Date)
    expect(sink.list(to)[0]!.locale).toBe('fr')
    expect((await service.verifications.create({ to, channel: 'call' })).sid).toBe(created.sid)
    const code = sink.list(to)[0]!.code

    expect(await service.verifications(created.sid).fetch()).toMatchObject({ sid: created.sid, status: 'pending', to })
    expect(await service.verificationChecks.create({ verificationSid: created.sid, code: code === '000000' ? '111111' : '000000' })).toMatchObject({ status: 'pending', valid: false })
    expect(await service.verificationChecks.create({ to, code })).toMatchObject({ sid: created.sid, status: 'approved', valid: true, to })
    // Checks in this dialect count toward conversion as the spec's do.
    expect(checks.map((c) => [c.status, c.channel, c.route])).toEqual([
      ['pending', 'call', 'sink'],
      ['approved', 'call', 'sink'],
    ])
    await expect(service.verifications(created.sid).fetch()).rejects.toMatchObject({ status: 404, code: 20404 })

    const other = await service.verifications.create({ to: freshPhone(), channel: 'sms' })
    expect(await service.verifications(other.sid).update({ status: 'canceled' })).toMatchObject({ sid: other.sid, status: 'canceled' })
    await expect(service.verifications(other.sid).fetch()).rejects.toMatchObject({ status: 404, code: 20404 })
  }, SDK_TEST_TIMEOUT_MS)

  it('answers Twilio error bodies: a wrong auth token, max check attempts, a bad To', async () => {
    const wrong = twilio(accountSid, `${authToken}x`, { httpClient: new LoopbackRequestClient(server.url) }).verify.v2.services(serviceSid)
    await expect(wrong.verifications.create({ to: freshPhone(), channel: 'sms' })).rejects.toMatchObject({ status: 401, code: 20003 })
    const service = twilio(accountSid, authToken, { httpClient: new LoopbackRequestClient(server.url) }).verify.v2.services(serviceSid)
    await expect(service.verifications.create({ to: '+14155552671', channel: 'sms' })).rejects.toMatchObject({ status: 400, code: 60200 })
    const to = freshPhone()
    const { sid } = await service.verifications.create({ to, channel: 'sms' })
    const bad = sink.list(to)[0]!.code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) expect((await service.verificationChecks.create({ verificationSid: sid, code: bad })).status).toBe('pending')
    expect((await service.verificationChecks.create({ verificationSid: sid, code: bad })).status).toBe('max_attempts_reached')
    await expect(service.verificationChecks.create({ verificationSid: sid, code: bad })).rejects.toMatchObject({ status: 429, code: 60202 })
    const pumped = freshPhone()
    for (let i = 0; i < 5; i++) await service.verifications.create({ to: pumped, channel: 'sms' })
    await expect(service.verifications.create({ to: pumped, channel: 'sms' })).rejects.toMatchObject({ status: 429, code: 60203 })
    await expect(twilio(accountSid, authToken, { httpClient: new LoopbackRequestClient(server.url) }).verify.v2.services(`VA${'3'.repeat(32)}`).verifications.create({ to, channel: 'sms' })).rejects.toMatchObject({
      status: 404,
      code: 20404,
    })
  }, SDK_TEST_TIMEOUT_MS)
})
