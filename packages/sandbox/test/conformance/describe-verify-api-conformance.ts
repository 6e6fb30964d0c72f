/**
 * The Verify API conformance suite: the spec's endpoints, bodies and errors, and the "not shown"
 * behaviour every Hakiki implementation follows (Twilio Verify v2's: re-sends, attempts, single
 * approval, ownership), run against any {@link ConformanceTarget}. The sandbox runs it in-process
 * (`test/conformance.test.ts`); `@hakiki/server` runs it over HTTP against one instance and
 * against three instances on one Redis behind a round-robin.
 *
 * Every test uses addresses of its own, so the suite also runs against a server whose state
 * outlives one test (a real store), and needs no clock control: expiry is tested by each
 * implementation on its own.
 */
import { COUNTRIES } from '@hakiki/core'
import { describe, expect, test } from 'vitest'
import type { ConformanceTarget, SentMessage } from './conformance-target'

const PATH = '/verify/v1/identity/verification'
const RATE = '/verify/v1/identity/sms/rate'
const TOKEN = '/oauth/client/accesstoken'
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const MAX_BODY_BYTES = 16 * 1024

let sequence = Math.floor(Math.random() * 9_000_000)
/** A valid Ghanaian mobile number no other test of this run uses. */
export function freshPhone(): string {
  sequence = (sequence + 7919) % 10_000_000
  return `+23324${String(sequence).padStart(7, '0')}`
}
/** An e-mail address no other test of this run uses. */
export const freshEmail = () => `ama.${freshPhone().slice(6)}@example.com`

/** A code of the same length that differs from `code` in every digit. */
export const wrongCode = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10))

/** Checks `response` is a `status` answer with the three-field body; returns its statusMessage. */
async function errorMessage(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toBe('application/json')
  const body = (await response.json()) as Record<string, string>
  expect(Object.keys(body).toSorted()).toEqual(['SupportMessage', 'statusCode', 'statusMessage'])
  expect(body.statusCode).toBe(String(status))
  return body.statusMessage!
}

/** Runs the suite against the target `getTarget` returns (called inside each test, after setup). */
export function describeVerifyApiConformance(name: string, getTarget: () => ConformanceTarget): void {
  const t = () => getTarget()
  const send = (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = {}
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    Object.assign(headers, options.headers)
    const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    return t().fetch(path, { method, headers, ...(body === undefined ? {} : { body }) })
  }
  const tokenRequest = (form: Record<string, string>, query = '?grant_type=client_credentials') =>
    t().fetch(`${TOKEN}${query}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })
  const getToken = async (which: 0 | 1 = 0) => {
    const client = t().clients[which]
    const response = await tokenRequest({ client_id: client.id, client_secret: client.secret })
    if (response.status !== 200) throw new Error(`token request answered ${response.status}`)
    return ((await response.json()) as { access_token: string }).access_token
  }
  const newest = async (to: string, id?: string): Promise<SentMessage> => {
    const found = (await t().messages(to)).find((m) => id === undefined || m.verificationId === undefined || m.verificationId === id)
    if (!found) throw new Error('no message was sent to the address')
    return found
  }
  const start = async (token: string, body: Record<string, unknown>) => {
    const response = await send('POST', PATH, { token, body })
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`)
    const id = ((await response.clone().json()) as { data: { verificationId: string } }).data.verificationId
    return { id, code: (await newest(String(body.to), id)).code, response }
  }
  const state = async (token: string, method: 'GET' | 'PATCH', id: string, code?: string) => {
    const response = await send(method, `${PATH}/${id}`, { token, ...(code === undefined ? {} : { body: { code } }) })
    const body = (await response.json()) as { data?: { status: string }; statusCode: string; statusMessage: string; SupportMessage?: string }
    return { http: response.status, status: body.data?.status, body }
  }

  describe(`${name}: token endpoint`, () => {
    test('answers 200 with every field of the spec, each a string, api_product_list_json an array of strings', async () => {
      const client = t().clients[0]
      const response = await tokenRequest({ client_id: client.id, client_secret: client.secret })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(response.headers.get('cache-control')).toBe('no-store')
      const body = (await response.json()) as Record<string, unknown>
      expect(Object.keys(body).toSorted()).toEqual(
        ['access_token', 'token_type', 'expires_in', 'issued_at', 'refresh_token_expires_in', 'refresh_count', 'scope', 'status', 'client_id', 'application_name', 'organization_name', 'developer.email', 'api_product_list', 'api_product_list_json'].toSorted(),
      )
      const { api_product_list_json: products, ...rest } = body
      expect(Object.entries(rest).filter(([, value]) => typeof value !== 'string')).toEqual([])
      expect(Array.isArray(products) && products.length > 0 && products.every((p) => typeof p === 'string')).toBe(true)
      expect(body).toMatchObject({ token_type: 'BearerToken', status: 'approved', client_id: client.id, refresh_count: '0' })
      expect(Number(body.expires_in)).toBeGreaterThan(0)
      expect(Number(body.issued_at)).toBeGreaterThan(0)
      expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{32,}$/)
      const again = (await (await tokenRequest({ client_id: client.id, client_secret: client.secret })).json()) as Record<string, string>
      expect(again.access_token).not.toBe(body.access_token)
    })

    test.each([
      ['a wrong secret', 0, 'wrong'],
      ['an unknown client', -1, 'right'],
      ['the secret of another client', 1, 'other'],
    ] as const)('%s gets 401 with the three-field body and no secret echoed', async (_, which, kind) => {
      const [a, b] = t().clients
      const form =
        kind === 'wrong' ? { client_id: a.id, client_secret: `${a.secret}x` } : kind === 'other' ? { client_id: b.id, client_secret: a.secret } : { client_id: `nobody-${which}`, client_secret: a.secret }
      const response = await tokenRequest(form)
      expect(await errorMessage(response.clone(), 401)).toMatch(/client credentials/)
      expect(await response.text()).not.toContain(a.secret)
    })

    test('grant_type is required (400), so are both form fields (400), and the body must be a form (415)', async () => {
      const { id, secret } = t().clients[0]
      expect(await errorMessage(await tokenRequest({ client_id: id, client_secret: secret }, ''), 400)).toMatch(/grant_type=client_credentials/)
      expect(await errorMessage(await tokenRequest({ client_id: id, client_secret: secret }, '?grant_type=password'), 400)).toMatch(/grant_type=client_credentials/)
      expect(await errorMessage(await tokenRequest({ client_id: id }), 400)).toMatch(/client_id and client_secret are required/)
      const asJson = await t().fetch(`${TOKEN}?grant_type=client_credentials`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: id, client_secret: secret }) })
      expect(asJson.status).toBe(415)
    })
  })

  describe(`${name}: bearer authentication`, () => {
    const endpoints = [
      ['POST', PATH],
      ['GET', `${PATH}/VE0123456789abcdef0123456789abcdef`],
      ['PATCH', `${PATH}/VE0123456789abcdef0123456789abcdef`],
      ['GET', RATE],
    ] as const

    test('every endpoint answers 401 with WWW-Authenticate: Bearer without a token, and with an unknown one', async () => {
      for (const [method, path] of endpoints) {
        const body = method === 'GET' ? undefined : { to: '+233241234567', code: '123456' }
        const missing = await send(method, path, { body })
        expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
        expect(await errorMessage(missing, 401)).toMatch(/Bearer/)
        const unknown = await send(method, path, { token: 'not-a-token', body: method === 'GET' ? undefined : {} })
        expect(unknown.status).toBe(401)
        expect(unknown.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/)
        expect(await unknown.text()).not.toContain('not-a-token')
      }
    })

    test('malformed Authorization headers get 401; the scheme is case-insensitive', async () => {
      for (const authorization of ['Basic abc', 'Bearer', 'Bearer a b', 'Token abc']) expect((await send('GET', RATE, { headers: { authorization } })).status).toBe(401)
      const token = await getToken()
      expect((await send('GET', RATE, { headers: { authorization: `bearer ${token}` } })).status).toBe(200)
    })
  })

  describe(`${name}: create`, () => {
    test('answers 201 with the envelope, the Verification, a fee header equal to the rate, and a fresh transactionId', async () => {
      const token = await getToken()
      const to = freshPhone()
      const response = await send('POST', PATH, { token, body: { to, channel: 'sms', locale: 'en' } })
      expect(response.status).toBe(201)
      expect(response.headers.get('content-type')).toBe('application/json')
      const body = (await response.json()) as { statusCode: string; statusMessage: string; transactionId: string; data: Record<string, string> }
      expect(Object.keys(body).toSorted()).toEqual(['data', 'statusCode', 'statusMessage', 'transactionId'])
      expect(body.statusCode).toBe('201')
      expect(body.transactionId).toMatch(UUID_V4)
      expect(Object.keys(body.data).toSorted()).toEqual(['channel', 'status', 'to', 'verificationId'])
      expect(body.data).toMatchObject({ to, channel: 'sms', status: 'pending' })
      expect(body.data.verificationId).toMatch(/^VE[0-9a-f]{32}$/)
      const rates = (await (await send('GET', RATE, { token })).json()) as { transactionId: string; data: { supportedCountries: { code: string; fee: string }[] } }
      expect(response.headers.get('fee')).toBe(rates.data.supportedCountries.find((c) => c.code === '233')?.fee)
      expect(rates.transactionId).not.toBe(body.transactionId)
    })

    test('defaults to channel sms and sends a code of codeLength digits', async () => {
      const token = await getToken()
      const to = freshPhone()
      const { id, code, response } = await start(token, { to })
      expect(((await response.json()) as { data: { channel: string } }).data.channel).toBe('sms')
      expect(code).toMatch(new RegExp(`^[0-9]{${t().codeLength}}$`))
      expect((await newest(to, id)).channel ?? 'sms').toBe('sms')
    })

    test('the fee header of an SMS to each covered country is its entry in the rate list', async () => {
      const token = await getToken()
      const numbers: Record<string, string> = {
        BJ: '+2290195123456', BF: '+22670123456', CM: '+237671234567', CI: '+2250123456789', GH: freshPhone(), KE: '+254712345678', NG: '+2348031234567',
        RW: '+250781234567', SN: '+221771234567', ZA: '+27821234567', TZ: '+255712345678', TG: '+22890123456', UG: '+256712345678', ZW: '+263771234567',
      }
      const { data } = (await (await send('GET', RATE, { token })).json()) as { data: { supportedCountries: { code: string; fee: string }[] } }
      for (const country of COUNTRIES) {
        const response = await send('POST', PATH, { token, body: { to: numbers[country.iso2] } })
        expect(response.status).toBe(201)
        expect(response.headers.get('fee')).toBe(data.supportedCountries.find((c) => c.code === country.dialCode)?.fee)
      }
    })

    test('call and email verifications are created with a fee header, and their message carries the code', async () => {
      const token = await getToken()
      const phone = freshPhone()
      const call = await start(token, { to: phone, channel: 'call', locale: 'fr' })
      expect(call.response.headers.get('fee')).toMatch(/^[0-9]+\.[0-9]{4}$/)
      expect(call.code).toMatch(new RegExp(`^[0-9]{${t().codeLength}}$`))
      const email = freshEmail()
      const mail = await start(token, { to: email, channel: 'email' })
      expect(mail.response.headers.get('fee')).toMatch(/^[0-9]+\.[0-9]{4}$/)
      expect(((await mail.response.json()) as { data: { to: string; channel: string } }).data).toMatchObject({ to: email, channel: 'email' })
    })

    test('creating again while pending re-sends the same code under the same id, at most maxSends sends, then 429 with Retry-After', async () => {
      const token = await getToken()
      const to = freshPhone()
      const first = await start(token, { to })
      for (let sent = 2; sent <= t().maxSends; sent++) {
        const again = await send('POST', PATH, { token, body: { to, channel: sent === 3 ? 'call' : 'sms' } })
        expect(again.status).toBe(201)
        const body = (await again.json()) as { data: { verificationId: string; channel: string } }
        expect(body.data).toMatchObject({ verificationId: first.id, channel: sent === 3 ? 'call' : 'sms' })
      }
      const messages = await t().messages(to)
      expect(messages).toHaveLength(t().maxSends)
      expect(new Set(messages.map((m) => m.code))).toEqual(new Set([first.code]))
      const over = await send('POST', PATH, { token, body: { to } })
      const retryAfter = Number(over.headers.get('retry-after'))
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 86_400).toBe(true)
      expect(await errorMessage(over, 429)).toMatch(/Too many sends/)
      expect(await t().messages(to)).toHaveLength(t().maxSends)
    })

    test('another client creating for the same address gets its own verification', async () => {
      const to = freshPhone()
      const a = await start(await getToken(0), { to })
      const b = await start(await getToken(1), { to })
      expect(b.id).not.toBe(a.id)
    })
  })

  describe(`${name}: get and verify`, () => {
    test('Get answers 200 with the envelope and the pending Verification', async () => {
      const token = await getToken()
      const to = freshEmail()
      const { id } = await start(token, { to, channel: 'email' })
      const response = await send('GET', `${PATH}/${id}`, { token })
      expect(response.status).toBe(200)
      const body = (await response.json()) as { transactionId: string }
      expect(body).toMatchObject({ statusCode: '200', data: { to, channel: 'email', verificationId: id, status: 'pending' } })
      expect(body.transactionId).toMatch(UUID_V4)
    })

    test('a correct code approves once; then Get and Verify answer 404 exactly as for an unknown id', async () => {
      const token = await getToken()
      const to = freshPhone()
      const { id, code } = await start(token, { to })
      const approved = await state(token, 'PATCH', id, code)
      expect(approved).toMatchObject({ http: 200, status: 'approved', body: { statusCode: '200', data: { to, channel: 'sms', verificationId: id } } })
      const unknownId = `VE${'0'.repeat(32)}`
      const strip = (r: Awaited<ReturnType<typeof state>>) => ({ ...r, body: { ...r.body, SupportMessage: undefined } })
      const unknown = strip(await state(token, 'GET', unknownId))
      expect(unknown.http).toBe(404)
      expect(strip(await state(token, 'GET', id))).toEqual(unknown)
      expect(strip(await state(token, 'PATCH', id, code))).toEqual(strip(await state(token, 'PATCH', unknownId, code)))
    })

    test('a wrong code answers 200 pending; the maxAttempts-th cancels; then nothing is checked and a new create starts afresh', async () => {
      const token = await getToken()
      const to = freshPhone()
      const { id, code } = await start(token, { to })
      for (let i = 1; i < t().maxAttempts; i++) expect(await state(token, 'PATCH', id, wrongCode(code))).toMatchObject({ http: 200, status: 'pending' })
      expect(await state(token, 'PATCH', id, wrongCode(code))).toMatchObject({ http: 200, status: 'cancelled' })
      expect(await state(token, 'PATCH', id, code)).toMatchObject({ http: 200, status: 'cancelled' })
      expect(await state(token, 'GET', id)).toMatchObject({ http: 200, status: 'cancelled' })
      expect((await start(token, { to })).id).not.toBe(id)
    })

    test("another client's token gets 404 on Get and Verify, and cannot spend attempts", async () => {
      const tokenA = await getToken(0)
      const tokenB = await getToken(1)
      const { id, code } = await start(tokenA, { to: freshPhone() })
      expect((await state(tokenB, 'GET', id)).http).toBe(404)
      for (let i = 0; i < t().maxAttempts; i++) expect((await state(tokenB, 'PATCH', id, wrongCode(code))).http).toBe(404)
      expect((await state(tokenB, 'PATCH', id, code)).http).toBe(404)
      expect(await state(tokenA, 'PATCH', id, code)).toMatchObject({ http: 200, status: 'approved' })
    })

    test('malformed ids get 404', async () => {
      const token = await getToken()
      for (const id of ['abc', `VE${'A'.repeat(32)}`, `VE${'0'.repeat(31)}`, `VE${'0'.repeat(33)}`, `XX${'0'.repeat(32)}`, '%2e%2e']) {
        expect((await state(token, 'GET', id)).http).toBe(404)
        expect((await state(token, 'PATCH', id, '123456')).http).toBe(404)
      }
    })

    test('ten concurrent correct checks approve exactly once', async () => {
      const token = await getToken()
      const { id, code } = await start(token, { to: freshPhone() })
      const results = await Promise.all(Array.from({ length: 10 }, () => state(token, 'PATCH', id, code)))
      expect(results.filter((r) => r.status === 'approved')).toHaveLength(1)
      expect(results.filter((r) => r.http === 404)).toHaveLength(9)
    })
  })

  describe(`${name}: bad input`, () => {
    test.each([
      ['no body fields', {}, /'to' is required/],
      ['a numeric to', { to: 233241234567 }, /'to' must be a string/],
      ['an unknown channel', { to: '+233241234567', channel: 'whatsapp' }, /'channel' must be one of sms, call, email/],
      ['locale pt-BR', { to: '+233241234567', locale: 'pt-BR' }, /'locale' must be one of .*pr-BR.*spelled 'pr-BR'/],
      ['a national number', { to: '0241234567' }, /E\.164 form/],
      ['a trunk prefix after the country code', { to: '+23408031234567' }, /trunk prefix/],
      ['an invalid number', { to: '+233241' }, /not a valid phone number/],
      ['a number of an uncovered country', { to: '+14155552671' }, /not in a covered country/],
      ['a phone number by email', { to: '+233241234567', channel: 'email' }, /valid e-mail address/],
      ['an e-mail address with a line break', { to: 'ama@example.com\r\nBcc: eve@example.com', channel: 'email' }, /control characters/],
    ])('create with %s gets 400 naming the rule', async (_, body, message) => {
      expect(await errorMessage(await send('POST', PATH, { token: await getToken(), body }), 400)).toMatch(message)
    })

    test('malformed JSON and non-objects get 400, other media types 415, bodies over 16 KiB 413', async () => {
      const token = await getToken()
      expect(await errorMessage(await send('POST', PATH, { token, body: '{"to": "+233241234567"' }), 400)).toMatch(/not valid JSON/)
      expect(await errorMessage(await send('POST', PATH, { token, body: '["+233241234567"]' }), 400)).toMatch(/JSON object/)
      expect(await errorMessage(await send('POST', PATH, { token, body: { to: '+233241234567' }, headers: { 'content-type': 'text/plain' } }), 415)).toMatch(/Content-Type must be application\/json/)
      const to = freshPhone()
      const base = JSON.stringify({ to, pad: '' })
      const padded = (size: number) => JSON.stringify({ to, pad: 'x'.repeat(size - base.length) })
      expect(await errorMessage(await send('POST', PATH, { token, body: padded(MAX_BODY_BYTES + 1) }), 413)).toMatch(/16384 bytes/)
      expect((await send('POST', PATH, { token, body: padded(MAX_BODY_BYTES), headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(201)
    })

    test('malformed codes get 400 and spend no attempt', async () => {
      const token = await getToken()
      const { id, code } = await start(token, { to: freshPhone() })
      for (const body of [{}, { code: 123456 }, { code: '12345a' }, { code: '123' }, { code: '12345678901' }, { code: '١٢٣٤٥٦' }]) {
        expect(await errorMessage(await send('PATCH', `${PATH}/${id}`, { token, body }), 400)).toMatch(/'code' is required: a string of 4 to 10 digits/)
      }
      expect(await state(token, 'PATCH', id, code)).toMatchObject({ status: 'approved' })
    })
  })

  describe(`${name}: routing and rates`, () => {
    test('unknown paths get 404, wrong methods 405 with Allow, both with the three-field body', async () => {
      // Not `/`: the spec defines nothing there, and the sandbox answers it with its index page.
      for (const [method, path] of [['GET', '/index.html'], ['GET', '/verify/v1/identity'], ['POST', '/verify/v2/identity/verification'], ['GET', `${PATH}/`], ['GET', `${PATH}/VE0123456789abcdef0123456789abcdef/extra`]] as const) {
        expect(await errorMessage(await send(method, path), 404)).toMatch(/No such endpoint/)
      }
      for (const [method, path, allow] of [['GET', TOKEN, 'POST'], ['DELETE', PATH, 'POST'], ['PUT', `${PATH}/VE0123456789abcdef0123456789abcdef`, 'GET, PATCH'], ['POST', RATE, 'GET']] as const) {
        const response = await send(method, path)
        expect(response.headers.get('allow')).toBe(allow)
        expect(await errorMessage(response, 405)).toMatch(new RegExp(`use ${allow}`))
      }
    })

    test('rates answer the envelope with the covered countries as a list of name, dialing code and USD fee', async () => {
      const response = await send('GET', RATE, { token: await getToken() })
      expect(response.status).toBe(200)
      const body = (await response.json()) as { statusCode: string; data: { supportedCountries: Array<Record<string, unknown>> } }
      expect(Object.keys(body).toSorted()).toEqual(['data', 'statusCode', 'statusMessage', 'transactionId'])
      expect(Object.keys(body.data)).toEqual(['supportedCountries'])
      expect(body.data.supportedCountries.map((c) => c.name)).toEqual(COUNTRIES.map((c) => c.name))
      body.data.supportedCountries.forEach((entry, i) => {
        expect(Object.keys(entry).toSorted()).toEqual(['code', 'fee', 'name'])
        expect(entry.code).toBe(COUNTRIES[i]!.dialCode)
        expect(entry.fee).toMatch(/^[0-9]+\.[0-9]{4}$/)
      })
    })
  })
}
