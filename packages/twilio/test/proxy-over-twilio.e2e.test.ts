// End to end as a Twilio team runs it: the proxy's handler on the Twilio provider, served by
// node:http on loopback through the proxy's node adapter, the sandbox's Twilio dialect upstream
// (real HTTP too), and the app's sign-up side checking the receipt with verifyReceipt.
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Channel } from '@hakiki/core'
import { createVerifyHandler, verifyReceipt } from '@hakiki/proxy'
import type { CountryPolicy } from '@hakiki/proxy'
import { toNodeListener } from '@hakiki/proxy/node'
import type { NodeListener } from '@hakiki/proxy/node'
import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import type { SandboxServer } from '@hakiki/sandbox/node'
import { afterEach, describe, expect, it } from 'vitest'
import { createTwilioProvider } from '../src/create-twilio-provider'

const SECRET = 'e2e-secret-that-is-at-least-32-bytes-long!'
const { accountSid, authToken } = DEFAULT_TWILIO_ACCOUNT
const serviceSid = DEFAULT_TWILIO_ACCOUNT.services[0]!.sid

interface Running {
  sandbox: SandboxServer
  proxy: Server
  origin: string
  /** POSTs JSON as the page at `origin` would, carrying the session cookie. */
  post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }>
}

let running: Running | undefined
afterEach(async () => {
  if (!running) return
  const { proxy, sandbox } = running
  running = undefined
  await new Promise<void>((resolve) => proxy.close(() => resolve()))
  await sandbox.close()
})

async function start(countries?: CountryPolicy, channels?: readonly Channel[]): Promise<Running> {
  const sandbox = await startSandboxServer({ port: 0 })
  // The handler needs the origin, which needs the port: listen first, mount the handler after.
  let listener: NodeListener | undefined
  const proxy = createServer((req, res) => listener!(req, res))
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  const handler = createVerifyHandler({
    provider: createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: sandbox.url, ...(channels ? { channels } : {}) }),
    publicOrigin: origin,
    secret: SECRET,
    basePath: '/api/verify',
    ...(countries === undefined ? {} : { countries }),
  })
  listener = toNodeListener(handler)
  let cookie = ''
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}/api/verify${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    })
    const set = response.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]!
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }
  running = { sandbox, proxy, origin, post }
  return running
}

const wrong = (code: string) => code.replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10))

describe('the proxy over Twilio, end to end', () => {
  // As people type them; libphonenumber's `max` metadata has the US one as FIXED_LINE_OR_MOBILE.
  for (const [label, typed, to] of [
    ['a US number (fixed-line-or-mobile)', '+1 201 555 0123', '+12015550123'],
    ['a GB mobile', '+44 7400 123456', '+447400123456'],
  ] as const) {
    it(`verifies ${label}: start, wrong code, right code, receipt`, async () => {
      const { post, sandbox } = await start('all')
      const started = await post('/verifications', { to: typed, channel: 'sms', locale: 'en' })
      expect(started).toMatchObject({ status: 201, json: { to, channel: 'sms', status: 'pending' } })
      const id = started.json.id as string
      const sent = sandbox.sandbox.inbox.list({ to })
      expect(sent).toHaveLength(1)
      const code = sent[0]!.code

      const miss = await post(`/verifications/${id}/check`, { code: wrong(code) })
      expect(miss).toMatchObject({ status: 200, json: { id, status: 'pending', attemptsLeft: 4 } })
      expect(miss.json.receipt).toBeUndefined()

      const hit = await post(`/verifications/${id}/check`, { code })
      expect(hit).toMatchObject({ status: 200, json: { id, status: 'approved' } })
      const claims = await verifyReceipt(hit.json.receipt, SECRET, { expectedTo: to, replay: 'allow' })
      expect(claims).toMatchObject({ sub: to, channel: 'sms' })
      await expect(verifyReceipt(hit.json.receipt, SECRET, { expectedTo: '+233241234567', replay: 'allow' })).rejects.toMatchObject({ code: 'wrong_address' })
    })
  }

  it("accepts numbers of any country without the countries option (the provider's coverage, 'all')", async () => {
    const { post, sandbox } = await start()
    for (const [typed, to] of [
      ['+49 151 23456789', '+4915123456789'],
      ['+1 201 555 0123', '+12015550123'],
    ] as const) {
      const started = await post('/verifications', { to: typed, channel: 'sms', locale: 'en' })
      expect({ to, ...started }).toMatchObject({ to, status: 201, json: { to, status: 'pending' } })
      expect(sandbox.sandbox.inbox.list({ to })).toHaveLength(1)
    }
  })

  it('keeps the number-type policy for every country without the countries option', async () => {
    const { post, sandbox } = await start()
    // Premium-rate numbers of Germany, the US and the UK: valid, and paid for by the sender.
    for (const to of ['+499001234567', '+19002345678', '+449098790000']) {
      const refused = await post('/verifications', { to, channel: 'sms', locale: 'en' })
      expect({ to, ...refused }).toMatchObject({ to, status: 400, json: { code: 'unsupported_number_type' } })
      expect(sandbox.sandbox.inbox.list({ to })).toHaveLength(0)
    }
  })

  it("keeps the number-type policy for every country under countries: 'all'", async () => {
    const { post, sandbox } = await start('all')
    for (const to of ['+19002345678', '+18002345678', '+449098790000']) {
      const refused = await post('/verifications', { to, channel: 'sms', locale: 'en' })
      expect({ to, ...refused }).toMatchObject({ to, status: 400, json: { code: 'unsupported_number_type' } })
      expect(sandbox.sandbox.inbox.list({ to })).toHaveLength(0)
    }
  })

  it('accepts only the listed countries', async () => {
    const { post } = await start(['GB'])
    expect(await post('/verifications', { to: '+447400123456', channel: 'sms', locale: 'en' })).toMatchObject({ status: 201 })
    expect(await post('/verifications', { to: '+4915123456789', channel: 'sms', locale: 'en' })).toMatchObject({ status: 400, json: { code: 'unsupported_country' } })
  })

  it("sends by WhatsApp through Twilio Verify's whatsapp channel when the service declares it", async () => {
    const { post, sandbox } = await start('all', ['sms', 'call', 'whatsapp'])
    const to = '+447400123457'
    const started = await post('/verifications', { to, channel: 'whatsapp', locale: 'en' })
    expect(started).toMatchObject({ status: 201, json: { to, channel: 'whatsapp', status: 'pending' } })
    const [sent] = sandbox.sandbox.inbox.list({ to })
    expect(sent).toMatchObject({ channel: 'whatsapp' })
    const hit = await post(`/verifications/${started.json.id as string}/check`, { code: sent!.code })
    expect(hit).toMatchObject({ status: 200, json: { status: 'approved' } })
    expect(await verifyReceipt(hit.json.receipt, SECRET, { expectedTo: to, replay: 'allow' })).toMatchObject({ channel: 'whatsapp' })
  })

  it('refuses WhatsApp up front with unsupported_channel when the service does not declare it, sending nothing', async () => {
    const { post, sandbox } = await start('all')
    const to = '+447400123458'
    expect(await post('/verifications', { to, channel: 'whatsapp', locale: 'en' })).toMatchObject({ status: 400, json: { code: 'unsupported_channel' } })
    expect(sandbox.sandbox.inbox.list({ to })).toHaveLength(0)
  })
})
