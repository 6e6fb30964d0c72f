/**
 * The sandbox over real HTTP on loopback: the Node adapter, streaming (SSE), disconnects, the 407
 * that `fetch` cannot show, and concurrency.
 */
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { startSandboxServer, type SandboxServer } from '../src/start-sandbox-server'
import { DEFAULT_CLIENT } from '../src/sandbox-options'
import { rawRequest, wrongCode } from './support'

let server: SandboxServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(options: Parameters<typeof startSandboxServer>[0] = {}): Promise<SandboxServer> {
  server = await startSandboxServer({ port: 0, ...options })
  return server
}

async function token(url: string): Promise<string> {
  const response = await fetch(`${url}/oauth/client/accesstoken?grant_type=client_credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: DEFAULT_CLIENT.clientId, client_secret: DEFAULT_CLIENT.clientSecret }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

async function create(url: string, accessToken: string, body: unknown): Promise<Response> {
  return fetch(`${url}/verify/v1/identity/verification`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Opens an SSE stream and collects its text as it arrives. */
function openStream(url: string): Promise<{ req: ClientRequest; res: IncomingMessage; text: () => string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('error', () => undefined)
      resolve({ req, res, text: () => text })
    })
    req.on('error', reject)
    req.end()
  })
}

describe('startSandboxServer', () => {
  test('listens on 127.0.0.1 with a free port and a URL without trailing slash', async () => {
    const { url } = await start()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(url).not.toMatch(/:4010$/)
  })

  test('rejects a port outside 0..65535 and fails when the port is taken', async () => {
    await expect(startSandboxServer({ port: 70_000 })).rejects.toThrow(RangeError)
    const { url } = await start()
    const port = Number(new URL(url).port)
    await expect(startSandboxServer({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })

  test('serves the whole flow: token, create with fee header, get, verify, then 404', async () => {
    const { url, sandbox } = await start()
    const accessToken = await token(url)
    const created = await create(url, accessToken, { to: '+254712345678', channel: 'call', locale: 'fr' })
    expect(created.status).toBe(201)
    expect(created.headers.get('fee')).toBe('0.0600')
    const { data } = (await created.json()) as { data: { verificationId: string } }
    const [message] = sandbox.inbox.list({ to: '+254712345678' })
    const path = `${url}/verify/v1/identity/verification/${data.verificationId}`
    const auth = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }
    expect((await fetch(path, { headers: auth })).status).toBe(200)
    const verified = await fetch(path, { method: 'PATCH', headers: auth, body: JSON.stringify({ code: message!.code }) })
    expect(((await verified.json()) as { data: { status: string } }).data.status).toBe('approved')
    expect((await fetch(path, { headers: auth })).status).toBe(404)
  })

  test('twenty concurrent correct checks approve exactly once', async () => {
    const { url, sandbox } = await start()
    const accessToken = await token(url)
    const created = await create(url, accessToken, { to: '+233241234567' })
    const { data } = (await created.json()) as { data: { verificationId: string } }
    const code = sandbox.inbox.list()[0]!.code
    const path = `${url}/verify/v1/identity/verification/${data.verificationId}`
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        rawRequest(path, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        }),
      ),
    )
    const approved = answers.filter((a) => a.status === 200 && (JSON.parse(a.body) as { data: { status: string } }).data.status === 'approved')
    expect(approved).toHaveLength(1)
    expect(answers.filter((a) => a.status === 404)).toHaveLength(19)
  })

  test('a 407 fault reaches a node:http client with the three-field body', async () => {
    const { url } = await start()
    const accessToken = await token(url)
    const added = await fetch(`${url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'create', status: 407 }),
    })
    expect(added.status).toBe(201)
    const answer = await rawRequest(`${url}/verify/v1/identity/verification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: '+233241234567' }),
    })
    expect(answer.status).toBe(407)
    expect(answer.headers['proxy-authenticate']).toBeDefined()
    expect(Object.keys(JSON.parse(answer.body) as object).toSorted()).toEqual(['SupportMessage', 'statusCode', 'statusMessage'])
    // The fault was used up: the next create succeeds.
    expect((await create(url, accessToken, { to: '+233241234567' })).status).toBe(201)
  })

  test('refuses a streamed body over 16 KiB with 413', async () => {
    const { url } = await start()
    const accessToken = await token(url)
    const big = JSON.stringify({ to: '+233241234567', pad: 'x'.repeat(20_000) })
    const response = await create(url, accessToken, JSON.parse(big))
    expect(response.status).toBe(413)
    expect(((await response.json()) as { statusCode: string }).statusCode).toBe('413')
  })

  test('a refused chunked body closes the connection after the 413; the next request works', async () => {
    const { url } = await start()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const post = (body: string, chunked: boolean) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
        if (chunked) headers['transfer-encoding'] = 'chunked'
        const req = httpRequest(`${url}/oauth/client/accesstoken?grant_type=client_credentials`, { method: 'POST', agent, headers }, (res) => {
          res.resume()
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }))
        })
        req.on('error', reject)
        req.end(body)
      })
    expect(await post('x'.repeat(1_000_000), true)).toEqual({ status: 413, connection: 'close' })
    expect(await post('client_id=sandbox-client-id&client_secret=sandbox-client-secret', false)).toEqual({ status: 200, connection: 'keep-alive' })
    agent.destroy()
  })

  test('streams messages as SSE, and a client disconnect frees the subscriber', async () => {
    const { url, sandbox } = await start()
    const accessToken = await token(url)
    await create(url, accessToken, { to: '+233241234567' })
    const stream = await openStream(`${url}/sandbox/messages/stream`)
    expect(stream.res.statusCode).toBe(200)
    expect(stream.res.headers['content-type']).toMatch(/^text\/event-stream/)
    const [first] = sandbox.inbox.list()
    // The stored message is replayed on connect…
    await vi.waitFor(() => expect(stream.text()).toContain(`id: ${first!.id}\nevent: message\ndata: `))
    expect(sandbox.inbox.subscriberCount()).toBe(1)
    // …and a new one arrives live.
    await create(url, accessToken, { to: 'ama@example.com', channel: 'email' })
    const second = sandbox.inbox.list({ to: 'ama@example.com' })[0]!
    await vi.waitFor(() => expect(stream.text()).toContain(`data: ${JSON.stringify(second)}\n\n`))
    stream.req.destroy()
    await vi.waitFor(() => expect(sandbox.inbox.subscriberCount()).toBe(0))
  })

  test('close() ends open SSE streams instead of waiting for them', async () => {
    const { url, sandbox } = await start()
    const stream = await openStream(`${url}/sandbox/messages/stream`)
    const ended = new Promise<void>((resolve) => stream.res.on('close', () => resolve()))
    await server!.close()
    server = undefined
    await ended
    expect(sandbox.inbox.subscriberCount()).toBe(0)
  })

  test('answers malformed JSON over HTTP with 400, never 500', async () => {
    const { url } = await start()
    const accessToken = await token(url)
    const response = await fetch(`${url}/verify/v1/identity/verification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{"to": ',
    })
    expect(response.status).toBe(400)
  })

  test('a wrong code over HTTP stays pending', async () => {
    const { url, sandbox } = await start()
    const accessToken = await token(url)
    const created = await create(url, accessToken, { to: '+233241234567' })
    const { data } = (await created.json()) as { data: { verificationId: string } }
    const response = await fetch(`${url}/verify/v1/identity/verification/${data.verificationId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: wrongCode(sandbox.inbox.list()[0]!.code) }),
    })
    expect(((await response.json()) as { data: { status: string } }).data.status).toBe('pending')
  })
})
