import { describe, expect, it } from 'vitest'
import { createSandbox, type Sandbox } from '../create-sandbox'
import { DEFAULT_TWILIO_ACCOUNT } from './twilio-options'

const ACCOUNT = DEFAULT_TWILIO_ACCOUNT.accountSid
const TOKEN = DEFAULT_TWILIO_ACCOUNT.authToken
const KEY = DEFAULT_TWILIO_ACCOUNT.apiKeys[0]!
const SERVICE = DEFAULT_TWILIO_ACCOUNT.services[0]!.sid
const BASE = 'http://sandbox.test'
const UK = '+447911123456'

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`

function twilio(sandbox: Sandbox, method: string, path: string, form?: Record<string, string>, auth = basic(ACCOUNT, TOKEN)) {
  const headers: Record<string, string> = { authorization: auth }
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded'
  return sandbox.fetch(new Request(`${BASE}/v2${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined }))
}

const start = (sandbox: Sandbox, form: Record<string, string> = { To: UK, Channel: 'sms' }) => twilio(sandbox, 'POST', `/Services/${SERVICE}/Verifications`, form)
const checkCode = (sandbox: Sandbox, form: Record<string, string>) => twilio(sandbox, 'POST', `/Services/${SERVICE}/VerificationCheck`, form)

async function expectTwilioError(response: Response, status: number, code: number) {
  expect(response.status).toBe(status)
  const body = (await response.json()) as Record<string, unknown>
  expect(body).toEqual({ code, message: expect.any(String), more_info: `https://www.twilio.com/docs/errors/${code}`, status })
  return body
}

describe('the Twilio Verify v2 dialect', () => {
  it('creates a verification with Twilio field names and sends its code to the shared inbox', async () => {
    const sandbox = createSandbox({ now: () => Date.UTC(2026, 0, 1) })
    const response = await start(sandbox)
    expect(response.status).toBe(201)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      sid: expect.stringMatching(/^VE[0-9a-f]{32}$/),
      service_sid: SERVICE,
      account_sid: ACCOUNT,
      to: UK,
      channel: 'sms',
      status: 'pending',
      valid: false,
      lookup: {},
      amount: null,
      payee: null,
      date_created: '2026-01-01T00:00:00Z',
      date_updated: '2026-01-01T00:00:00Z',
      send_code_attempts: [{ attempt_sid: expect.stringMatching(/^SM/), channel: 'sms', time: '2026-01-01T00:00:00Z' }],
    })
    expect(body.url).toBe(`${BASE}/v2/Services/${SERVICE}/Verifications/${body.sid as string}`)
    const [message] = sandbox.inbox.list({ to: UK })
    expect(message).toMatchObject({ verificationId: body.sid, channel: 'sms', locale: 'en' })
    expect(message!.body).toContain(message!.code)
  })

  it('re-sends the same code under the same sid, listing each send, and answers 60203 after five', async () => {
    const sandbox = createSandbox()
    const first = (await (await start(sandbox)).json()) as { sid: string }
    const again = (await (await start(sandbox, { To: UK, Channel: 'call' })).json()) as { sid: string; channel: string; send_code_attempts: unknown[] }
    expect(again.sid).toBe(first.sid)
    expect(again.channel).toBe('call')
    expect(again.send_code_attempts).toHaveLength(2)
    const [call, sms] = sandbox.inbox.list({ to: UK })
    expect(call!.code).toBe(sms!.code)
    for (let i = 0; i < 3; i++) expect((await start(sandbox)).status).toBe(201)
    await expectTwilioError(await start(sandbox), 429, 60203)
  })

  it('checks by VerificationSid or by To: wrong codes stay pending, the right one approves once', async () => {
    const sandbox = createSandbox()
    const { sid } = (await (await start(sandbox)).json()) as { sid: string }
    const code = sandbox.inbox.list({ to: UK })[0]!.code
    const wrong = code === '000000' ? '111111' : '000000'
    const pending = await checkCode(sandbox, { VerificationSid: sid, Code: wrong })
    expect(pending.status).toBe(200)
    expect(await pending.json()).toMatchObject({ sid, status: 'pending', valid: false, to: UK, sna_attempts_error_codes: [] })
    const approved = await checkCode(sandbox, { To: UK, Code: code })
    expect(await approved.json()).toMatchObject({ sid, status: 'approved', valid: true })
    // Twilio deletes approved verifications: fetch and check answer 20404.
    await expectTwilioError(await checkCode(sandbox, { VerificationSid: sid, Code: code }), 404, 20404)
    const gone = await expectTwilioError(await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/${sid}`), 404, 20404)
    expect(gone.message).toBe(`The requested resource /Services/${SERVICE}/Verifications/${sid} was not found`)
  })

  it('answers max_attempts_reached on the fifth wrong code and 60202 after it, even for the right code', async () => {
    const sandbox = createSandbox()
    const { sid } = (await (await start(sandbox)).json()) as { sid: string }
    const code = sandbox.inbox.list({ to: UK })[0]!.code
    const wrong = code === '000000' ? '111111' : '000000'
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push(((await (await checkCode(sandbox, { VerificationSid: sid, Code: wrong })).json()) as { status: string }).status)
    expect(statuses).toEqual(['pending', 'pending', 'pending', 'pending', 'max_attempts_reached'])
    await expectTwilioError(await checkCode(sandbox, { VerificationSid: sid, Code: code }), 429, 60202)
  })

  it('expires after ten minutes on the sandbox clock (then 20404)', async () => {
    const sandbox = createSandbox()
    const { sid } = (await (await start(sandbox)).json()) as { sid: string }
    const code = sandbox.inbox.list({ to: UK })[0]!.code
    expect((await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/${sid}`)).status).toBe(200)
    sandbox.clock.advance(600)
    await expectTwilioError(await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/${sid}`), 404, 20404)
    await expectTwilioError(await checkCode(sandbox, { VerificationSid: sid, Code: code }), 404, 20404)
  })

  it('updates a verification to canceled (then it is gone, and a new start is a new sid)', async () => {
    const sandbox = createSandbox()
    const { sid } = (await (await start(sandbox)).json()) as { sid: string }
    await expectTwilioError(await twilio(sandbox, 'POST', `/Services/${SERVICE}/Verifications/${sid}`, { Status: 'pending' }), 400, 60200)
    const canceled = await twilio(sandbox, 'POST', `/Services/${SERVICE}/Verifications/${sid}`, { Status: 'canceled' })
    expect(await canceled.json()).toMatchObject({ sid, status: 'canceled', valid: false })
    await expectTwilioError(await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/${sid}`), 404, 20404)
    const next = (await (await start(sandbox)).json()) as { sid: string }
    expect(next.sid).not.toBe(sid)
  })

  it('sends by WhatsApp: the code goes to the inbox as a WhatsApp message, and the resource says so', async () => {
    const sandbox = createSandbox()
    const started = await start(sandbox, { To: UK, Channel: 'whatsapp' })
    expect(started.status).toBe(201)
    const body = (await started.json()) as { sid: string; channel: string; send_code_attempts: { channel: string }[] }
    expect(body.channel).toBe('whatsapp')
    expect(body.send_code_attempts).toEqual([expect.objectContaining({ channel: 'whatsapp' })])
    const [message] = sandbox.inbox.list({ to: UK })
    expect(message).toMatchObject({ verificationId: body.sid, channel: 'whatsapp' })
    // No SMS arrives, so no WebOTP line for a browser to read.
    expect(message?.body).not.toContain('#')
  })

  it('reaches every country, email, and refuses what Twilio documents as 60200 / 60205 / 60410', async () => {
    const sandbox = createSandbox({ twilio: { blockedPrefixes: ['+5511'] } })
    for (const to of ['+14155552671', '+919876543210', '+33612345678']) expect((await start(sandbox, { To: to, Channel: 'sms' })).status).toBe(201)
    expect((await start(sandbox, { To: 'ama@example.com', Channel: 'email' })).status).toBe(201)
    const invalid = await expectTwilioError(await start(sandbox, { To: '07911123456', Channel: 'sms' }), 400, 60200)
    expect(invalid.message).toBe('Invalid parameter: To')
    expect(JSON.stringify(invalid)).not.toContain('07911123456')
    // WhatsApp is a Verify channel (https://www.twilio.com/docs/verify/whatsapp); Silent Network Auth is not set up here.
    await expectTwilioError(await start(sandbox, { To: UK, Channel: 'sna' }), 400, 60200)
    await expectTwilioError(await start(sandbox, { To: UK }), 400, 60200)
    await expectTwilioError(await start(sandbox, { To: 'not-an-address', Channel: 'email' }), 400, 60200)
    await expectTwilioError(await start(sandbox, { To: '+442071838750', Channel: 'sms' }), 400, 60205)
    expect((await start(sandbox, { To: '+442071838750', Channel: 'call' })).status).toBe(201)
    await expectTwilioError(await start(sandbox, { To: '+5511987654321', Channel: 'sms' }), 403, 60410)
    // Fraud Guard blocks SMS only: a call to the same number goes out.
    expect((await start(sandbox, { To: '+5511987654321', Channel: 'call' })).status).toBe(201)
    await expectTwilioError(await checkCode(sandbox, { VerificationSid: `VE${'0'.repeat(32)}`, Code: '12' }), 400, 60200)
  })

  it('renders the message in Twilio-spelled locales, and answers 404 for an unsupported one', async () => {
    const sandbox = createSandbox()
    expect((await start(sandbox, { To: UK, Channel: 'sms', Locale: 'pt-BR' })).status).toBe(201)
    expect(sandbox.inbox.list({ to: UK })[0]!.locale).toBe('pr-BR')
    await expectTwilioError(await start(sandbox, { To: '+33612345678', Channel: 'sms', Locale: 'pr-BR' }), 404, 20404)
  })

  it('authenticates with the auth token or an API key, and refuses anything else with 20003', async () => {
    const sandbox = createSandbox()
    const path = `/Services/${SERVICE}`
    expect((await twilio(sandbox, 'GET', path, undefined, basic(KEY.sid, KEY.secret))).status).toBe(200)
    const service = await (await twilio(sandbox, 'GET', path)).json()
    expect(service).toMatchObject({ sid: SERVICE, account_sid: ACCOUNT, code_length: 6 })
    for (const auth of [basic(ACCOUNT, 'wrong'), basic(KEY.sid, TOKEN), basic('nobody', 'x'), 'Bearer abc', '']) {
      const response = await twilio(sandbox, 'GET', path, undefined, auth)
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="Twilio API"')
      await expectTwilioError(response, 401, 20003)
    }
  })

  it("keeps accounts apart: another account's service is 20404", async () => {
    const other = { accountSid: `AC${'b'.repeat(32)}`, authToken: 'other-token', services: [{ sid: `VA${'b'.repeat(32)}` }] }
    const sandbox = createSandbox({ twilio: { accounts: [DEFAULT_TWILIO_ACCOUNT, other] } })
    await expectTwilioError(await twilio(sandbox, 'POST', `/Services/${other.services[0]!.sid}/Verifications`, { To: UK, Channel: 'sms' }), 404, 20404)
    const own = await twilio(sandbox, 'POST', `/Services/${other.services[0]!.sid}/Verifications`, { To: UK, Channel: 'sms' }, basic(other.accountSid, other.authToken))
    expect(own.status).toBe(201)
    const { sid } = (await own.json()) as { sid: string }
    await expectTwilioError(await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/${sid}`), 404, 20404)
  })

  it('applies the shared faults in Twilio terms', async () => {
    const sandbox = createSandbox()
    sandbox.faults.add({ operation: 'create', status: 500 })
    await expectTwilioError(await start(sandbox), 500, 20500)
    sandbox.faults.add({ operation: 'verify', status: 401 })
    await expectTwilioError(await checkCode(sandbox, { VerificationSid: `VE${'0'.repeat(32)}`, Code: '123456' }), 401, 20003)
    sandbox.faults.add({ operation: 'get', status: 407 })
    const proxyAuth = await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/VE${'0'.repeat(32)}`)
    expect(proxyAuth.status).toBe(407)
    expect(proxyAuth.headers.get('proxy-authenticate')).toBeTruthy()
  })

  it('limits status fetches to 60 a minute (20429), as Twilio documents', async () => {
    const sandbox = createSandbox()
    const { sid } = (await (await start(sandbox)).json()) as { sid: string }
    for (let i = 0; i < 60; i++) expect((await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/${sid}`)).status).toBe(200)
    await expectTwilioError(await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/${sid}`), 429, 20429)
    sandbox.clock.advance(61)
    expect((await twilio(sandbox, 'GET', `/Services/${SERVICE}/Verifications/${sid}`)).status).toBe(200)
  })

  it('answers unknown paths with 20404 and wrong methods with 405 in Twilio shape', async () => {
    const sandbox = createSandbox()
    await expectTwilioError(await twilio(sandbox, 'GET', `/Services/${SERVICE}/Nope`), 404, 20404)
    const wrong = await twilio(sandbox, 'DELETE', `/Services/${SERVICE}/Verifications`)
    expect(wrong.headers.get('allow')).toBe('POST')
    await expectTwilioError(wrong, 405, 20004)
    // The spec dialect is untouched.
    expect((await sandbox.fetch(new Request(`${BASE}/verify/v1/identity/sms/rate`))).status).toBe(401)
  })

  it('refuses malformed options at creation', () => {
    expect(() => createSandbox({ twilio: { accounts: [{ accountSid: 'AC123', authToken: 't' }] } })).toThrow(RangeError)
    expect(() => createSandbox({ twilio: { blockedPrefixes: ['44'] } })).toThrow(RangeError)
  })
})
