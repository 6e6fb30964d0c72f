/**
 * The sandbox-only endpoints: inbox, its SSE stream, the clock, and faults producing each error
 * status of the spec with its exact body.
 */
import { describe, expect, test } from 'vitest'
import { createSandbox, type Sandbox } from '../src/create-sandbox'
import { FAULT_OPERATIONS, type FaultOperation } from '../src/faults'
import { DEFAULT_CLIENT } from '../src/sandbox-options'
import { BASE, call, getToken, startVerification, tokenRequest } from './support'

const T0 = Date.UTC(2026, 0, 1)
const PATH = '/verify/v1/identity/verification'
const ID = `VE${'a'.repeat(32)}`

async function setup(options: Parameters<typeof createSandbox>[0] = {}): Promise<{ s: Sandbox; token: string }> {
  const s = createSandbox({ now: () => T0, ...options })
  return { s, token: await getToken(s) }
}

/** Calls `operation` the way a client would. */
function operate(s: Sandbox, token: string, operation: FaultOperation, id = ID): Promise<Response> {
  switch (operation) {
    case 'token':
      return tokenRequest(s, { client_id: DEFAULT_CLIENT.clientId, client_secret: DEFAULT_CLIENT.clientSecret })
    case 'create':
      return call(s, 'POST', PATH, { token, body: { to: '+233241234567' } })
    case 'get':
      return call(s, 'GET', `${PATH}/${id}`, { token })
    case 'verify':
      return call(s, 'PATCH', `${PATH}/${id}`, { token, body: { code: '0000' } })
    case 'rates':
      return call(s, 'GET', '/verify/v1/identity/sms/rate', { token })
  }
}
const PATHS: Record<FaultOperation, string> = {
  token: '/oauth/client/accesstoken',
  create: PATH,
  get: `${PATH}/${ID}`,
  verify: `${PATH}/${ID}`,
  rates: '/verify/v1/identity/sms/rate',
}

describe('GET /sandbox/messages', () => {
  test('lists every field, newest first, with CORS for browser UIs', async () => {
    const { s, token } = await setup()
    await startVerification(s, token, { to: '+233241234567' })
    await startVerification(s, token, { to: 'Ama@Example.com', channel: 'email' })
    const response = await call(s, 'GET', '/sandbox/messages')
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const { messages } = (await response.json()) as { messages: Array<Record<string, unknown>> }
    expect(messages).toEqual(s.inbox.list())
    expect(messages.map((m) => m.channel)).toEqual(['email', 'sms'])
    expect(Object.keys(messages[0]!).toSorted()).toEqual(['body', 'channel', 'code', 'html', 'id', 'locale', 'sentAt', 'subject', 'to', 'verificationId'])
    expect(Object.keys(messages[1]!).toSorted()).toEqual(['body', 'channel', 'code', 'id', 'locale', 'sentAt', 'to', 'verificationId'])
  })

  test.each([
    ['a raw +', '?to=+233241234567', 1],
    ['an encoded +', '?to=%2B233241234567', 1],
    ['another number', '?to=%2B233200000000', 0],
    ['an e-mail in another case', '?to=AMA%40example.COM', 1],
  ])('filters by to with %s', async (_, query, count) => {
    const { s, token } = await setup()
    await startVerification(s, token, { to: '+233241234567' })
    await startVerification(s, token, { to: 'ama@example.com', channel: 'email' })
    const { messages } = (await (await call(s, 'GET', `/sandbox/messages${query}`)).json()) as { messages: unknown[] }
    expect(messages).toHaveLength(count)
  })

  test('a malformed percent-encoding gets 400', async () => {
    const { s } = await setup()
    expect((await call(s, 'GET', '/sandbox/messages?to=%E0%A4%A')).status).toBe(400)
  })

  test('DELETE empties the inbox with 204', async () => {
    const { s, token } = await setup()
    await startVerification(s, token, { to: '+233241234567' })
    const response = await call(s, 'DELETE', '/sandbox/messages')
    expect(response.status).toBe(204)
    expect(s.inbox.list()).toEqual([])
  })
})

/** Reads a stream until `needle` has arrived; returns all text read. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, needle: string, text = ''): Promise<string> {
  const decoder = new TextDecoder()
  while (!text.includes(needle)) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`stream ended before ${needle}`)
    text += decoder.decode(value, { stream: true })
  }
  return text
}

describe('GET /sandbox/messages/stream', () => {
  test('replays stored messages, streams new ones and clears, and frees its subscriber when cancelled', async () => {
    const { s, token } = await setup()
    const first = await startVerification(s, token, { to: '+233241234567' })
    const response = await call(s, 'GET', '/sandbox/messages/stream')
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const reader = response.body!.getReader()
    const stored = s.inbox.list()[0]!
    let text = await readUntil(reader, `\n\n`, await readUntil(reader, `id: ${stored.id}`))
    expect(first.code).toBe(stored.code)
    await startVerification(s, token, { to: 'ama@example.com', channel: 'email' })
    const live = s.inbox.list({ to: 'ama@example.com' })[0]!
    text = await readUntil(reader, `data: ${JSON.stringify(live)}\n\n`, text)
    s.inbox.clear()
    text = await readUntil(reader, 'event: clear\ndata: {}\n\n', text)
    expect(s.inbox.subscriberCount()).toBe(1)
    await reader.cancel()
    expect(s.inbox.subscriberCount()).toBe(0)
  })

  test('filters by to, and on reconnect replays only what came after Last-Event-ID', async () => {
    const { s, token } = await setup()
    await startVerification(s, token, { to: '+233241234567' })
    await startVerification(s, token, { to: '+254712345678' })
    await startVerification(s, token, { to: '+256712345678' })
    const [third, second, first] = s.inbox.list()
    const controller = new AbortController()
    const response = await s.fetch(new Request(`${BASE}/sandbox/messages/stream`, { headers: { 'last-event-id': first!.id }, signal: controller.signal }))
    const reader = response.body!.getReader()
    const text = await readUntil(reader, `id: ${third!.id}`)
    expect(text).toContain(`id: ${second!.id}`)
    expect(text).not.toContain(`id: ${first!.id}`)
    // Aborting the request (what the Node adapter does on disconnect) ends the stream.
    controller.abort()
    await expect(readUntil(reader, 'never')).rejects.toThrow(/stream ended/)
    expect(s.inbox.subscriberCount()).toBe(0)

    const filtered = await call(s, 'GET', '/sandbox/messages/stream?to=+254712345678')
    const filteredReader = filtered.body!.getReader()
    const filteredText = await readUntil(filteredReader, `id: ${second!.id}`)
    expect(filteredText).not.toContain(third!.id)
    await filteredReader.cancel()
  })
})

describe('/sandbox/clock', () => {
  test('GET shows the sandbox time; POST advances it and codes expire accordingly', async () => {
    const { s, token } = await setup()
    const { id } = await startVerification(s, token, { to: '+233241234567' })
    expect(await (await call(s, 'GET', '/sandbox/clock')).json()).toEqual({ now: new Date(T0).toISOString(), epochMs: T0 })
    const advanced = await call(s, 'POST', '/sandbox/clock', { body: { advanceSeconds: 600 } })
    expect(advanced.status).toBe(200)
    expect(await advanced.json()).toEqual({ now: new Date(T0 + 600_000).toISOString(), epochMs: T0 + 600_000 })
    const got = (await (await call(s, 'GET', `${PATH}/${id}`, { token })).json()) as { data: { status: string } }
    expect(got.data.status).toBe('expired')
  })

  test.each([{}, { advanceSeconds: -1 }, { advanceSeconds: '60' }, { advanceSeconds: null }, { advanceSeconds: 1e12 }])('POST %j gets 400 and leaves the clock', async (body) => {
    const { s } = await setup()
    const response = await call(s, 'POST', '/sandbox/clock', { body })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toMatch(/'advanceSeconds'/)
    expect(s.clock.now()).toBe(T0)
  })
})

describe('/sandbox/faults', () => {
  const cases = FAULT_OPERATIONS.flatMap((operation) => ([401, 404, 407] as const).map((status) => [operation, status] as const))

  test.each(cases)('%s fails once with %s and the three-field body, then works', async (operation, status) => {
    const { s, token } = await setup()
    const { id } = await startVerification(s, token, { to: '+254712345678' })
    const added = await call(s, 'POST', '/sandbox/faults', { body: { operation, status } })
    expect(added.status).toBe(201)
    expect(await added.json()).toEqual({ fault: { operation, status, times: 1 } })
    const failed = await operate(s, token, operation, id)
    expect(failed.status).toBe(status)
    const body = (await failed.json()) as Record<string, string>
    expect(Object.keys(body).toSorted()).toEqual(['SupportMessage', 'statusCode', 'statusMessage'])
    expect(body.statusCode).toBe(String(status))
    expect(failed.headers.get('www-authenticate')?.startsWith('Bearer') ?? false).toBe(status === 401)
    expect(failed.headers.has('proxy-authenticate')).toBe(status === 407)
    const next = await operate(s, token, operation, id)
    expect(next.status).toBe(operation === 'create' ? 201 : 200)
  })

  test.each(FAULT_OPERATIONS)('%s fails with the 500 body: timestamp, status, error, message, path', async (operation) => {
    const { s, token } = await setup()
    s.clock.advance(42)
    s.faults.add({ operation, status: 500 })
    const failed = await operate(s, token, operation)
    expect(failed.status).toBe(500)
    const body = (await failed.json()) as Record<string, string>
    expect(body).toEqual({
      timestamp: new Date(T0 + 42_000).toISOString(),
      status: '500',
      error: 'Internal Server Error',
      message: expect.any(String),
      path: PATHS[operation],
    })
  })

  test('times makes a fault apply to that many calls', async () => {
    const { s, token } = await setup()
    s.faults.add({ operation: 'rates', status: 500, times: 2 })
    expect((await operate(s, token, 'rates')).status).toBe(500)
    expect((await operate(s, token, 'rates')).status).toBe(500)
    expect((await operate(s, token, 'rates')).status).toBe(200)
  })

  test('delayMs waits through the injected sleep, then answers normally or with the status', async () => {
    const waits: number[] = []
    const { s, token } = await setup({ sleep: async (ms) => void waits.push(ms) })
    await call(s, 'POST', '/sandbox/faults', { body: { operation: 'rates', delayMs: 250 } })
    await call(s, 'POST', '/sandbox/faults', { body: { operation: 'rates', delayMs: 100, status: 404 } })
    expect((await operate(s, token, 'rates')).status).toBe(200)
    expect((await operate(s, token, 'rates')).status).toBe(404)
    expect(waits).toEqual([250, 100])
  })

  test('faults apply only to their operation; GET lists them; DELETE clears them', async () => {
    const { s, token } = await setup()
    await call(s, 'POST', '/sandbox/faults', { body: { operation: 'get', status: 500, times: 3 } })
    expect((await operate(s, token, 'rates')).status).toBe(200)
    expect(await (await call(s, 'GET', '/sandbox/faults')).json()).toEqual({ faults: [{ operation: 'get', status: 500, times: 3 }] })
    expect((await call(s, 'DELETE', '/sandbox/faults')).status).toBe(204)
    expect((await operate(s, token, 'get')).status).toBe(404)
  })

  test.each([
    [{ operation: 'send', status: 500 }, /'operation'/],
    [{ operation: 'get', status: 403 }, /'status'/],
    [{ operation: 'get', delayMs: -5 }, /'delayMs'/],
    [{ operation: 'get', status: 500, times: 0 }, /'times'/],
    [{ operation: 'get' }, /'status', 'delayMs'/],
  ])('POST %j gets 400', async (body, message) => {
    const { s } = await setup()
    const response = await call(s, 'POST', '/sandbox/faults', { body })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toMatch(message)
    expect(s.faults.list()).toEqual([])
  })

  test('faults.add refuses a malformed fault in-process too', () => {
    const s = createSandbox()
    expect(() => s.faults.add({ operation: 'get', status: 418 as 500 })).toThrow(RangeError)
  })
})

describe('unexpected errors', () => {
  test('answer the spec\'s 500 body with a generic message and the path', async () => {
    // A delay fault whose injected sleep breaks: an error the sandbox did not expect.
    const s = createSandbox({ now: () => T0, sleep: () => Promise.reject(new Error('the sleep broke')) })
    const token = await getToken(s)
    s.faults.add({ operation: 'create', delayMs: 1 })
    const response = await call(s, 'POST', PATH, { token, body: { to: '+254712345678' } })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      timestamp: new Date(T0).toISOString(),
      status: '500',
      error: 'Internal Server Error',
      message: 'Unexpected error in the sandbox',
      path: PATH,
    })
  })
})
