// The official `twilio` SDK, unmodified, talking to the sandbox over real HTTP on loopback. Its
// documented hook for this is a custom `httpClient` (https://www.twilio.com/docs/libraries/node/custom-http-clients-node):
// here a subclass of the SDK's own RequestClient that only swaps the host of each URL, so
// authentication, form encoding and response parsing are the SDK's.
import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxServer, type SandboxServer } from '../start-sandbox-server'
import { DEFAULT_TWILIO_ACCOUNT } from './twilio-options'

const { accountSid, authToken } = DEFAULT_TWILIO_ACCOUNT
const apiKey = DEFAULT_TWILIO_ACCOUNT.apiKeys[0]!
const serviceSid = DEFAULT_TWILIO_ACCOUNT.services[0]!.sid

let server: SandboxServer

/** The SDK's request client, sending what it would send to verify.twilio.com to the sandbox. */
class LoopbackRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super()
  }
  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...options, uri: options.uri.replace(/^https:\/\/verify\.twilio\.com/, this.base) })
  }
}

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 })
})
afterAll(async () => {
  await server.close()
})

const codeFor = (to: string) => server.sandbox.inbox.list({ to })[0]!.code

describe('the official twilio SDK against the sandbox', () => {
  it('creates, fetches and checks a verification with the account SID and auth token', async () => {
    const client = twilio(accountSid, authToken, { httpClient: new LoopbackRequestClient(server.url) })
    const service = client.verify.v2.services(serviceSid)
    const to = '+14155552671'
    const created = await service.verifications.create({ to, channel: 'sms', locale: 'fr' })
    expect(created).toMatchObject({ serviceSid, accountSid, to, channel: 'sms', status: 'pending', valid: false })
    expect(created.sid).toMatch(/^VE[0-9a-f]{32}$/)
    expect(created.dateCreated).toBeInstanceOf(Date)
    expect(created.sendCodeAttempts).toHaveLength(1)
    expect(server.sandbox.inbox.list({ to })[0]!.locale).toBe('fr')

    const fetched = await service.verifications(created.sid).fetch()
    expect(fetched).toMatchObject({ sid: created.sid, status: 'pending', to })

    const wrong = await service.verificationChecks.create({ verificationSid: created.sid, code: codeFor(to) === '000000' ? '111111' : '000000' })
    expect(wrong).toMatchObject({ status: 'pending', valid: false })
    const check = await service.verificationChecks.create({ to, code: codeFor(to) })
    expect(check).toMatchObject({ sid: created.sid, status: 'approved', valid: true, to })

    // Twilio forgets approved verifications; the SDK turns the 20404 body into a RestException.
    await expect(service.verifications(created.sid).fetch()).rejects.toMatchObject({ status: 404, code: 20404, moreInfo: 'https://www.twilio.com/docs/errors/20404' })
  })

  it('authenticates with an API key and secret (accountSid as an option) and cancels', async () => {
    const client = twilio(apiKey.sid, apiKey.secret, { accountSid, httpClient: new LoopbackRequestClient(server.url) })
    const service = client.verify.v2.services(serviceSid)
    const created = await service.verifications.create({ to: 'kofi@example.com', channel: 'email' })
    expect(created).toMatchObject({ channel: 'email', status: 'pending' })
    const canceled = await service.verifications(created.sid).update({ status: 'canceled' })
    expect(canceled.status).toBe('canceled')
    await expect(service.verificationChecks.create({ verificationSid: created.sid, code: '123456' })).rejects.toMatchObject({ status: 404, code: 20404 })
  })

  it("surfaces Twilio's error codes: 60200, 60203, 20003", async () => {
    const client = twilio(accountSid, authToken, { httpClient: new LoopbackRequestClient(server.url) })
    const service = client.verify.v2.services(serviceSid)
    await expect(service.verifications.create({ to: '0241234567', channel: 'sms' })).rejects.toMatchObject({ status: 400, code: 60200, message: 'Invalid parameter: To' })
    const to = '+919876543210'
    for (let i = 0; i < 5; i++) await service.verifications.create({ to, channel: 'sms' })
    await expect(service.verifications.create({ to, channel: 'sms' })).rejects.toMatchObject({ status: 429, code: 60203 })

    const intruder = twilio(accountSid, 'not-the-token', { httpClient: new LoopbackRequestClient(server.url) })
    await expect(intruder.verify.v2.services(serviceSid).verifications.create({ to, channel: 'sms' })).rejects.toMatchObject({ status: 401, code: 20003 })
  })
})
