/**
 * Conformance of create, get and verify with the spec, and of the "not shown" behaviour taken from
 * Twilio Verify v2 (lifetime, attempts, re-sends, single approval, ownership).
 */
import { COUNTRIES } from '@hakiki/core'
import { describe, expect, test } from 'vitest'
import { createSandbox, type Sandbox } from '../src/create-sandbox'
import rates from '../src/data/sms-rates.json' with { type: 'json' }
import { renderMessage, TEMPLATES } from '@hakiki/messages'
import { call, getToken, startVerification, wrongCode } from './support'

const T0 = Date.UTC(2026, 0, 1, 12)
const PATH = '/verify/v1/identity/verification'
const GH = '+233241234567'

async function setup(options: Parameters<typeof createSandbox>[0] = {}): Promise<{ s: Sandbox; token: string }> {
  const s = createSandbox({ now: () => T0, ...options })
  return { s, token: await getToken(s) }
}

async function status(s: Sandbox, token: string, method: 'GET' | 'PATCH', id: string, code?: string) {
  const response = await call(s, method, `${PATH}/${id}`, { token, body: code === undefined ? undefined : { code } })
  const body = (await response.json()) as { data?: { status: string }; statusCode: string }
  return { http: response.status, status: body.data?.status, body }
}

describe('create', () => {
  test('answers 201 with the envelope, the Verification, a fee header and a fresh transactionId', async () => {
    const { s, token } = await setup()
    const response = await call(s, 'POST', PATH, { token, body: { to: GH, channel: 'sms', locale: 'en' } })
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('fee')).toBe(rates.fees.GH)
    const body = (await response.json()) as { statusCode: string; statusMessage: string; transactionId: string; data: Record<string, string> }
    expect(Object.keys(body).toSorted()).toEqual(['data', 'statusCode', 'statusMessage', 'transactionId'])
    expect(body.statusCode).toBe('201')
    expect(body.statusMessage).toBe('Verification created')
    expect(body.transactionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Object.keys(body.data).toSorted()).toEqual(['channel', 'status', 'to', 'verificationId'])
    expect(body.data).toMatchObject({ to: GH, channel: 'sms', status: 'pending' })
    expect(body.data.verificationId).toMatch(/^VE[0-9a-f]{32}$/)
    const again = (await (await call(s, 'GET', '/verify/v1/identity/sms/rate', { token })).json()) as { transactionId: string }
    expect(again.transactionId).not.toBe(body.transactionId)
  })

  test('defaults: channel sms, locale en, a 6-digit code valid 10 minutes, sent to the inbox', async () => {
    const { s, token } = await setup()
    const response = await call(s, 'POST', PATH, { token, body: { to: GH } })
    const { data } = (await response.json()) as { data: { channel: string; verificationId: string } }
    expect(data.channel).toBe('sms')
    const [message] = s.inbox.list()
    expect(message).toMatchObject({ verificationId: data.verificationId, to: GH, channel: 'sms', locale: 'en', sentAt: new Date(T0).toISOString() })
    expect(message!.code).toMatch(/^[0-9]{6}$/)
    expect(message!.body).toContain(message!.code)
    expect(message!.body).toContain('Hakiki')
    expect(message!.body).toContain('10 minutes')
    expect(message!.id).toMatch(/^SM[0-9a-f]{32}$/)
    expect(message).not.toHaveProperty('subject')
  })

  test.each([4, 10])('codeLength %s gives codes of that many digits', async (codeLength) => {
    const { s, token } = await setup({ codeLength })
    const { code } = await startVerification(s, token, { to: GH })
    expect(code).toMatch(new RegExp(`^[0-9]{${codeLength}}$`))
  })

  test.each(COUNTRIES.map((c) => [c.name, c.iso2] as const))('the fee header of an SMS to %s is its rate', async (_, iso2) => {
    const numbers: Record<string, string> = {
      BJ: '+2290195123456', BF: '+22670123456', CM: '+237671234567', CI: '+2250123456789', GH, KE: '+254712345678', NG: '+2348031234567',
      RW: '+250781234567', SN: '+221771234567', ZA: '+27821234567', TZ: '+255712345678', TG: '+22890123456', UG: '+256712345678', ZW: '+263771234567',
    }
    const { s, token } = await setup()
    const response = await call(s, 'POST', PATH, { token, body: { to: numbers[iso2] } })
    expect(response.status).toBe(201)
    expect(response.headers.get('fee')).toBe((rates.fees as Record<string, string>)[iso2])
  })

  test('call and email fees are configurable', async () => {
    const { s, token } = await setup({ fees: { call: '0.1000', email: '0.0010' } })
    expect((await call(s, 'POST', PATH, { token, body: { to: GH, channel: 'call' } })).headers.get('fee')).toBe('0.1000')
    expect((await call(s, 'POST', PATH, { token, body: { to: 'ama@example.com', channel: 'email' } })).headers.get('fee')).toBe('0.0010')
  })

  test('an e-mail carries subject, text and HTML with the code; a call speaks it digit by digit', async () => {
    const { s, token } = await setup({ appName: 'Acme' })
    await call(s, 'POST', PATH, { token, body: { to: 'ama@example.com', channel: 'email', locale: 'fr' } })
    const [email] = s.inbox.list()
    expect(email).toMatchObject({ channel: 'email', locale: 'fr' })
    expect(email!.id).toMatch(/^EM[0-9a-f]{32}$/)
    for (const text of [email!.subject, email!.body, email!.html]) expect(text).toContain(email!.code)
    expect(email!.subject).toContain('Acme')
    expect(email!.body).toMatch(/vérification/)

    await call(s, 'POST', PATH, { token, body: { to: GH, channel: 'call', locale: 'en' } })
    const [voice] = s.inbox.list({ to: GH })
    expect(voice!.id).toMatch(/^CA[0-9a-f]{32}$/)
    const spoken = voice!.code.split('').join(', ')
    expect(voice!.body.split(spoken).length - 1).toBe(2)
  })

  test('a Japanese call script separates the spoken digits with the ideographic comma', async () => {
    const { s, token } = await setup()
    await call(s, 'POST', PATH, { token, body: { to: GH, channel: 'call', locale: 'ja' } })
    const [voice] = s.inbox.list()
    expect(voice!.body).toContain(voice!.code.split('').join('、'))
  })

  test('pr-BR messages use the pr-BR template', async () => {
    const { s, token } = await setup()
    await call(s, 'POST', PATH, { token, body: { to: GH, locale: 'pr-BR' } })
    const [message] = s.inbox.list()
    expect(message!.locale).toBe('pr-BR')
    expect(message!.body).toBe(renderMessage(TEMPLATES['pr-BR'], 'sms', { app: 'Hakiki', code: message!.code, minutes: 10 }).body)
    expect(message!.body).not.toBe(renderMessage(TEMPLATES.pt, 'sms', { app: 'Hakiki', code: message!.code, minutes: 10 }).body)
  })

  test('with appOrigin the SMS ends with the autofill line', async () => {
    const { s, token } = await setup({ appOrigin: 'https://shop.example.com' })
    const { code } = await startVerification(s, token, { to: GH })
    expect(s.inbox.list()[0]!.body.split('\n').at(-1)).toBe(`@shop.example.com #${code}`)
  })

  test('creating again while pending re-sends the same code under the same id, at most 5 sends, then 429', async () => {
    const { s, token } = await setup()
    const first = await startVerification(s, token, { to: GH })
    for (let send = 2; send <= 5; send++) {
      const again = await call(s, 'POST', PATH, { token, body: { to: GH, channel: send === 3 ? 'call' : 'sms' } })
      expect(again.status).toBe(201)
      expect(again.headers.get('fee')).not.toBeNull()
      const body = (await again.json()) as { data: { verificationId: string; channel: string } }
      expect(body.data.verificationId).toBe(first.id)
      expect(body.data.channel).toBe(send === 3 ? 'call' : 'sms')
    }
    const messages = s.inbox.list({ to: GH })
    expect(messages).toHaveLength(5)
    expect(new Set(messages.map((m) => m.code))).toEqual(new Set([first.code]))
    s.clock.advance(60)
    const sixth = await call(s, 'POST', PATH, { token, body: { to: GH } })
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('retry-after')).toBe('540')
    const body = (await sixth.json()) as Record<string, string>
    expect(Object.keys(body).toSorted()).toEqual(['SupportMessage', 'statusCode', 'statusMessage'])
    expect(body.statusCode).toBe('429')
    expect(s.inbox.list({ to: GH })).toHaveLength(5)
  })

  test('after expiry, creating again starts a new verification with a new id', async () => {
    const { s, token } = await setup()
    const first = await startVerification(s, token, { to: GH })
    s.clock.advance(600)
    const second = await startVerification(s, token, { to: GH })
    expect(second.id).not.toBe(first.id)
  })

  test('another client creating for the same address gets its own verification', async () => {
    const sandbox = createSandbox({ now: () => T0, clients: [{ clientId: 'a', clientSecret: 'sa' }, { clientId: 'b', clientSecret: 'sb' }] })
    const a = await startVerification(sandbox, await getToken(sandbox, 'a', 'sa'), { to: GH })
    const b = await startVerification(sandbox, await getToken(sandbox, 'b', 'sb'), { to: GH })
    expect(b.id).not.toBe(a.id)
    expect(sandbox.inbox.list({ to: GH }).map((m) => m.verificationId)).toEqual([b.id, a.id])
  })
})

describe('get and verify', () => {
  test('Get answers 200 with the envelope and the pending Verification', async () => {
    const { s, token } = await setup()
    const { id } = await startVerification(s, token, { to: 'ama@example.com', channel: 'email' })
    const response = await call(s, 'GET', `${PATH}/${id}`, { token })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      statusCode: '200',
      data: { to: 'ama@example.com', channel: 'email', verificationId: id, status: 'pending' },
    })
  })

  test('a correct code approves once; then Get and Verify answer 404 exactly as for an unknown id', async () => {
    const { s, token } = await setup()
    const { id, code } = await startVerification(s, token, { to: GH })
    const approved = await status(s, token, 'PATCH', id, code)
    expect(approved).toMatchObject({ http: 200, status: 'approved' })
    expect(approved.body).toMatchObject({ statusCode: '200', data: { to: GH, channel: 'sms', verificationId: id } })
    const unknownId = `VE${'0'.repeat(32)}`
    const strip = (r: Awaited<ReturnType<typeof status>>) => ({ ...r, body: { ...r.body, SupportMessage: undefined } })
    const unknown = strip(await status(s, token, 'GET', unknownId))
    expect(unknown.http).toBe(404)
    expect(strip(await status(s, token, 'GET', id))).toEqual(unknown)
    expect(strip(await status(s, token, 'PATCH', id, code))).toEqual(strip(await status(s, token, 'PATCH', unknownId, code)))
    expect((await status(s, token, 'PATCH', id, code)).http).toBe(404)
  })

  test('a wrong code answers 200 pending; the 5th wrong code cancels; then nothing is checked', async () => {
    const { s, token } = await setup()
    const { id, code } = await startVerification(s, token, { to: GH })
    for (let i = 1; i <= 4; i++) expect(await status(s, token, 'PATCH', id, wrongCode(code))).toMatchObject({ http: 200, status: 'pending' })
    expect(await status(s, token, 'PATCH', id, wrongCode(code))).toMatchObject({ http: 200, status: 'cancelled' })
    expect(await status(s, token, 'PATCH', id, code)).toMatchObject({ http: 200, status: 'cancelled' })
    expect(await status(s, token, 'GET', id)).toMatchObject({ http: 200, status: 'cancelled' })
    // A cancelled verification is not re-sent: creating again starts a new one.
    const next = await startVerification(s, token, { to: GH })
    expect(next.id).not.toBe(id)
  })

  test('a code of another length is wrong and spends no attempt (the engine\'s rule)', async () => {
    const { s, token } = await setup({ maxChecks: 1 })
    const { id, code } = await startVerification(s, token, { to: GH })
    expect(await status(s, token, 'PATCH', id, `${code}0`)).toMatchObject({ http: 200, status: 'pending' })
    expect(await status(s, token, 'PATCH', id, code)).toMatchObject({ http: 200, status: 'approved' })
  })

  test('maxChecks is configurable', async () => {
    const { s, token } = await setup({ maxChecks: 2 })
    const { id, code } = await startVerification(s, token, { to: GH })
    expect((await status(s, token, 'PATCH', id, wrongCode(code))).status).toBe('pending')
    expect((await status(s, token, 'PATCH', id, wrongCode(code))).status).toBe('cancelled')
  })

  test('the code expires after 10 minutes: Get shows expired, Verify answers expired and checks nothing', async () => {
    const { s, token } = await setup()
    const { id, code } = await startVerification(s, token, { to: GH })
    s.clock.advance(599)
    expect((await status(s, token, 'GET', id)).status).toBe('pending')
    s.clock.advance(1)
    expect(await status(s, token, 'GET', id)).toMatchObject({ http: 200, status: 'expired' })
    expect(await status(s, token, 'PATCH', id, code)).toMatchObject({ http: 200, status: 'expired' })
    for (let i = 0; i < 6; i++) await status(s, token, 'PATCH', id, wrongCode(code))
    expect((await status(s, token, 'GET', id)).status).toBe('expired')
  })

  test('re-sends do not extend the lifetime, and their message says the time left', async () => {
    const { s, token } = await setup({ codeTtlSeconds: 120 })
    const { id } = await startVerification(s, token, { to: GH })
    s.clock.advance(100)
    await startVerification(s, token, { to: GH })
    const bodies = s.inbox.list().map((m) => m.body)
    expect(bodies.filter((b) => b.includes('expires in 2 minutes'))).toHaveLength(1)
    expect(bodies.filter((b) => b.includes('expires in 1 minute.'))).toHaveLength(1)
    s.clock.advance(20)
    expect((await status(s, token, 'GET', id)).status).toBe('expired')
  })

  test("another client's token gets 404 on Get and Verify, and cannot spend attempts", async () => {
    const s = createSandbox({ now: () => T0, clients: [{ clientId: 'a', clientSecret: 'sa' }, { clientId: 'b', clientSecret: 'sb' }] })
    const tokenA = await getToken(s, 'a', 'sa')
    const tokenB = await getToken(s, 'b', 'sb')
    const { id, code } = await startVerification(s, tokenA, { to: GH })
    expect((await status(s, tokenB, 'GET', id)).http).toBe(404)
    for (let i = 0; i < 5; i++) expect((await status(s, tokenB, 'PATCH', id, wrongCode(code))).http).toBe(404)
    expect((await status(s, tokenB, 'PATCH', id, code)).http).toBe(404)
    expect(await status(s, tokenA, 'PATCH', id, code)).toMatchObject({ http: 200, status: 'approved' })
  })

  test.each(['abc', `VE${'A'.repeat(32)}`, `VE${'0'.repeat(31)}`, `VE${'0'.repeat(33)}`, `XX${'0'.repeat(32)}`, '%2e%2e'])('the malformed id %j gets 404', async (id) => {
    const { s, token } = await setup()
    expect((await status(s, token, 'GET', id)).http).toBe(404)
    expect((await status(s, token, 'PATCH', id, '123456')).http).toBe(404)
  })
})
