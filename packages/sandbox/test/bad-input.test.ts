/**
 * The bad-input table, row by row: every malformed request gets the right 4xx with the three-field
 * body and a message naming the broken rule, sends nothing, and never causes a 500.
 */
import { assert as fcAssert, asyncProperty, constantFrom, jsonValue, oneof, record, string } from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createSandbox, type Sandbox } from '../src/create-sandbox'
import { MAX_BODY_BYTES } from '../src/read-body'
import { BASE, call, getToken, startVerification } from './support'

const PATH = '/verify/v1/identity/verification'

async function setup(): Promise<{ s: Sandbox; token: string }> {
  const s = createSandbox()
  return { s, token: await getToken(s) }
}

/** Checks `response` is a `status` answer with the three-field body; returns its statusMessage. */
async function errorMessage(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toBe('application/json')
  const body = (await response.json()) as Record<string, string>
  expect(Object.keys(body).toSorted()).toEqual(['SupportMessage', 'statusCode', 'statusMessage'])
  expect(body.statusCode).toBe(String(status))
  return body.statusMessage!
}

/** A JSON body of exactly `size` bytes that is a valid create request. */
function padded(size: number): string {
  const base = JSON.stringify({ to: '+233241234567', pad: '' })
  return JSON.stringify({ to: '+233241234567', pad: 'x'.repeat(size - base.length) })
}

describe('create: bad input', () => {
  test.each([
    ['no body fields', {}, /'to' is required/],
    ['an empty to', { to: '' }, /'to' is required/],
    ['a numeric to', { to: 233241234567 }, /'to' must be a string/],
    ['an unknown channel', { to: '+233241234567', channel: 'whatsapp' }, /'channel' must be one of sms, call, email/],
    ['a null channel', { to: '+233241234567', channel: null }, /'channel' must be one of/],
    ['an upper-case channel', { to: '+233241234567', channel: 'SMS' }, /'channel' must be one of/],
    ['locale pt-BR', { to: '+233241234567', locale: 'pt-BR' }, /'locale' must be one of .*pr-BR.*spelled 'pr-BR'/],
    ['locale en-US', { to: '+233241234567', locale: 'en-US' }, /'locale' must be one of/],
    ['locale EN', { to: '+233241234567', locale: 'EN' }, /'locale' must be one of/],
    ['locale zh-cn', { to: '+233241234567', locale: 'zh-cn' }, /'locale' must be one of/],
    ['a numeric locale', { to: '+233241234567', locale: 7 }, /'locale' must be one of/],
    ['a national number', { to: '0241234567' }, /E\.164 form/],
    ['a number with spaces', { to: '+233 24 123 4567' }, /E\.164 form/],
    ['a number without +', { to: '233241234567' }, /E\.164 form/],
    ['a trunk prefix after the country code', { to: '+23408031234567' }, /trunk prefix/],
    ['an invalid number', { to: '+233241' }, /not a valid phone number/],
    ['a number of an uncovered country', { to: '+14155552671' }, /not in a covered country/],
    ['a call to an uncovered country', { to: '+33612345678', channel: 'call' }, /not in a covered country/],
    ['an e-mail address by sms', { to: 'ama@example.com' }, /E\.164 form/],
    ['a phone number by email', { to: '+233241234567', channel: 'email' }, /valid e-mail address/],
    ['an e-mail address with a line break', { to: 'ama@example.com\r\nBcc: eve@example.com', channel: 'email' }, /control characters/],
    ['an e-mail address without a dotted domain', { to: 'ama@localhost', channel: 'email' }, /valid e-mail address/],
    ['an e-mail address over 254 characters', { to: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`, channel: 'email' }, /254/],
  ])('%s gets 400', async (_, body, message) => {
    const { s, token } = await setup()
    expect(await errorMessage(await call(s, 'POST', PATH, { token, body }), 400)).toMatch(message)
    expect(s.inbox.list()).toEqual([])
  })

  test.each([
    ['malformed JSON', '{"to": "+233241234567"', /not valid JSON/],
    ['an empty body', '', /not valid JSON/],
    ['a JSON array', '["+233241234567"]', /JSON object/],
    ['JSON null', 'null', /JSON object/],
    ['a JSON string', '"+233241234567"', /JSON object/],
  ])('%s gets 400', async (_, raw, message) => {
    const { s, token } = await setup()
    expect(await errorMessage(await call(s, 'POST', PATH, { token, body: raw }), 400)).toMatch(message)
  })

  test('invalid UTF-8 gets 400', async () => {
    const { s, token } = await setup()
    const response = await s.fetch(
      new Request(`${BASE}${PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      }),
    )
    expect(await errorMessage(response, 400)).toMatch(/UTF-8/)
  })

  test.each([
    ['text/plain', 'text/plain'],
    ['form-encoded', 'application/x-www-form-urlencoded'],
    ['application/jsonp', 'application/jsonp'],
  ])('content type %s gets 415', async (_, type) => {
    const { s, token } = await setup()
    const response = await call(s, 'POST', PATH, { token, body: { to: '+233241234567' }, headers: { 'content-type': type } })
    expect(await errorMessage(response, 415)).toMatch(/Content-Type must be application\/json/)
  })

  test('a missing content type gets 415; JSON with a charset parameter is fine', async () => {
    const { s, token } = await setup()
    const missing = await s.fetch(
      new Request(`${BASE}${PATH}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new Blob(['{"to":"+233241234567"}']) }),
    )
    expect(await errorMessage(missing, 415)).toMatch(/Content-Type must be application\/json/)
    const charset = await call(s, 'POST', PATH, { token, body: { to: '+233241234567' }, headers: { 'content-type': 'Application/JSON; charset=utf-8' } })
    expect(charset.status).toBe(201)
  })

  test(`a body over ${MAX_BODY_BYTES} bytes gets 413; one of exactly ${MAX_BODY_BYTES} is read`, async () => {
    const { s, token } = await setup()
    expect(padded(MAX_BODY_BYTES)).toHaveLength(MAX_BODY_BYTES)
    expect(await errorMessage(await call(s, 'POST', PATH, { token, body: padded(MAX_BODY_BYTES + 1) }), 413)).toMatch(/16384 bytes/)
    expect((await call(s, 'POST', PATH, { token, body: padded(MAX_BODY_BYTES) })).status).toBe(201)
  })

  test('a streamed body without Content-Length over the limit gets 413', async () => {
    const { s, token } = await setup()
    const chunk = new TextEncoder().encode(' '.repeat(4096))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const request = new Request(`${BASE}${PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(await errorMessage(await s.fetch(request), 413)).toMatch(/16384 bytes/)
    // Reading stopped at the limit instead of draining all ten chunks.
    expect(sent).toBeLessThan(10)
  })

  test('never answers 500 to any JSON body', async () => {
    const { s, token } = await setup()
    const statuses = new Set<number>()
    await fcAssert(
      asyncProperty(
        oneof(
          jsonValue(),
          record(
            {
              to: oneof(string(), constantFrom('+233241234567', '+254712345678', 'ama@example.com')),
              channel: oneof(string(), constantFrom('sms', 'call', 'email')),
              locale: oneof(string(), constantFrom('en', 'pr-BR')),
            },
            { requiredKeys: [] },
          ),
        ),
        async (body) => {
          const response = await call(s, 'POST', PATH, { token, body: JSON.stringify(body) })
          statuses.add(response.status)
          return [201, 400, 429].includes(response.status)
        },
      ),
      { numRuns: 300 },
    )
    expect(statuses.has(500)).toBe(false)
    expect(statuses.has(400)).toBe(true)
  })
})

describe('verify: bad input', () => {
  test.each([
    ['no code', {}],
    ['a numeric code', { code: 123456 }],
    ['a code with a letter', { code: '12345a' }],
    ['a code with spaces', { code: '123 456' }],
    ['a 3-digit code', { code: '123' }],
    ['an 11-digit code', { code: '12345678901' }],
    ['Arabic-Indic digits', { code: '١٢٣٤٥٦' }],
  ])('%s gets 400 and spends no attempt', async (_, body) => {
    const { s, token } = await setup()
    const { id, code } = await startVerification(s, token, { to: '+233241234567' })
    for (let i = 0; i < 6; i++) expect(await errorMessage(await call(s, 'PATCH', `${PATH}/${id}`, { token, body }), 400)).toMatch(/'code' is required: a string of 4 to 10 digits/)
    const approved = (await (await call(s, 'PATCH', `${PATH}/${id}`, { token, body: { code } })).json()) as { data: { status: string } }
    expect(approved.data.status).toBe('approved')
  })

  test('malformed JSON gets 400, another content type 415', async () => {
    const { s, token } = await setup()
    const { id } = await startVerification(s, token, { to: '+233241234567' })
    expect(await errorMessage(await call(s, 'PATCH', `${PATH}/${id}`, { token, body: '{code:1}' }), 400)).toMatch(/not valid JSON/)
    expect(await errorMessage(await call(s, 'PATCH', `${PATH}/${id}`, { token, body: 'code=123456', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415)).toMatch(/Content-Type must be application\/json, not application\/x-www-form-urlencoded/)
  })
})

describe('routing', () => {
  test.each([
    // `/` is the sandbox's index (sandbox-index.ts); any other unknown path is a 404.
    ['GET', '/index.html'],
    ['GET', '/verify/v1/identity'],
    ['POST', '/verify/v2/identity/verification'],
    ['GET', '/verify/v1/identity/verification/'],
    ['GET', '/verify/v1/identity/verification/VE0123456789abcdef0123456789abcdef/extra'],
    ['GET', '/sandbox'],
  ])('%s %s gets 404 with the three-field body', async (method, path) => {
    const { s } = await setup()
    expect(await errorMessage(await call(s, method, path), 404)).toMatch(/No such endpoint/)
  })

  test.each([
    ['GET', '/oauth/client/accesstoken', 'POST'],
    ['GET', PATH, 'POST'],
    ['DELETE', PATH, 'POST'],
    ['PUT', `${PATH}/VE0123456789abcdef0123456789abcdef`, 'GET, PATCH'],
    ['POST', '/verify/v1/identity/sms/rate', 'GET'],
    ['PUT', '/sandbox/messages', 'GET, DELETE'],
    ['POST', '/', 'GET'],
  ])('%s %s gets 405 with Allow: %s', async (method, path, allow) => {
    const { s } = await setup()
    const response = await call(s, method, path)
    expect(response.headers.get('allow')).toBe(allow)
    expect(await errorMessage(response, 405)).toMatch(new RegExp(`use ${allow}`))
  })
})
