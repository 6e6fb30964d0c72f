/**
 * The client against a hand-written server on loopback, for answers the sandbox never gives:
 * malformed bodies, other spellings the spec allows, 429s, silence and dead ports.
 */
import type { ServerResponse } from 'node:http'
import { inspect } from 'node:util'
import { type HugeBodyOutcome, writeHugeBody } from '@hakiki/test-support/huge-body'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '@hakiki/test-support/free-port'
import { sendJson, startTestServer } from '../test/start-test-server'
import type { SeenRequest, TestServer } from '../test/start-test-server'
import { createVerifyClient } from './node'
import { VerifyApiError } from './verify-api-error'
import type { VerifyClientOptions } from './verify-client'

const CLIENT_SECRET = 'edge-secret-Zx81'
const TOKEN_PATH = '/oauth/client/accesstoken?grant_type=client_credentials'
const verification = {
  verificationId: 'VE0123456789abcdef0123456789abcdef',
  to: '+233241234567',
  channel: 'sms',
  status: 'pending',
}
const envelope = (data: unknown) => ({ statusCode: '200', statusMessage: 'OK', data, transactionId: 'tx-9' })

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

type ApiHandler = (request: SeenRequest, response: ServerResponse) => void

/** A server that issues numbered tokens and passes every API call to `api`. */
async function startApi(api: ApiHandler, tokenBody?: (n: number) => unknown): Promise<TestServer> {
  let issued = 0
  return startTestServer((request, response) => {
    if (request.url === TOKEN_PATH) {
      issued += 1
      const body = tokenBody?.(issued) ?? {
        access_token: `edge-token-${issued}`,
        token_type: 'BearerToken',
        expires_in: '3599',
      }
      sendJson(response, 200, body)
      return
    }
    api(request, response)
  })
}

function client(target: TestServer, options: Partial<VerifyClientOptions> = {}) {
  return createVerifyClient({
    baseUrl: `${target.url}/`,
    clientId: 'edge-client',
    clientSecret: CLIENT_SECRET,
    ...options,
  })
}

async function failure(promise: Promise<unknown>): Promise<VerifyApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(VerifyApiError)
  return error as VerifyApiError
}

describe('createVerifyClient on the wire', () => {
  it('requests the token as the spec says and sends it as Bearer, whatever its token_type', async () => {
    server = await startApi((_request, response) => sendJson(response, 200, envelope(verification)))
    await client(server).getVerification('VE1')

    const [tokenRequest, apiRequest] = server.requests
    expect(tokenRequest?.method).toBe('POST')
    expect(tokenRequest?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
      client_id: 'edge-client',
      client_secret: CLIENT_SECRET,
    })
    expect(apiRequest?.headers.authorization).toBe('Bearer edge-token-1')
    expect(apiRequest?.headers['content-type']).toBe('application/json')
  })

  it('encodes the verification id in the path and leaves unset create fields out', async () => {
    server = await startApi((request, response) =>
      sendJson(response, request.method === 'POST' ? 201 : 200, envelope(verification)),
    )
    const api = client(server)
    await api.checkVerification('../a/b?c#d', '123456')
    await api.createVerification({ to: '+233241234567' })

    const [, check, create] = server.requests
    expect(check?.url).toBe('/verify/v1/identity/verification/..%2Fa%2Fb%3Fc%23d')
    expect(check?.method).toBe('PATCH')
    expect(JSON.parse(check?.body ?? '')).toEqual({ code: '123456' })
    expect(JSON.parse(create?.body ?? '')).toEqual({ to: '+233241234567' })
  })

  it('reads a single supportedCountries object as a list of one', async () => {
    const ghana = { name: 'Ghana', code: '233', fee: '0.0450' }
    server = await startApi((_request, response) =>
      sendJson(response, 200, envelope({ supportedCountries: ghana })),
    )
    const rates = await client(server).getSmsRates()
    expect(rates.countries).toEqual([ghana])
    expect(rates.transactionId).toBe('tx-9')
  })

  it('reports a 2xx that is not the envelope as invalid_response, for every operation', async () => {
    server = await startApi((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<html>maintenance</html>')
    })
    const api = client(server)
    // Each call goes straight into failure(), so no rejection waits without a handler.
    const failures = await Promise.all([
      failure(api.createVerification({ to: '+233241234567' })),
      failure(api.getVerification('VE1')),
      failure(api.checkVerification('VE1', '1234')),
      failure(api.getSmsRates()),
    ])
    expect(failures.map((error) => [error.code, error.operation, error.status])).toEqual([
      ['invalid_response', 'create', 200],
      ['invalid_response', 'get', 200],
      ['invalid_response', 'verify', 200],
      ['invalid_response', 'rates', 200],
    ])
  })

  // #19: a 300 MB answer once took a proxy to 2.9 GB. Each transport (nodeFetch, the default on
  // Node, and the platform fetch) must stop at the limit and hang up, whatever the size.
  it.each([
    ['nodeFetch', undefined],
    ['the platform fetch', globalThis.fetch],
  ] as const)('cuts a huge answer at maxResponseBytes and hangs up (%s)', async (_name, transport) => {
    let sent: Promise<HugeBodyOutcome> | undefined
    server = await startApi((_request, response) => {
      sent = writeHugeBody(response, 64 * 1024 * 1024)
    })
    const options: Partial<VerifyClientOptions> = { maxResponseBytes: 8 * 1024 }
    if (transport) options.fetch = transport
    const error = await failure(client(server, options).getVerification('VE1'))
    expect(error).toMatchObject({ code: 'invalid_response', operation: 'get', status: 200 })
    expect(error.message).toContain('over the 8192-byte limit')
    const outcome = await sent
    expect(outcome?.complete).toBe(false)
    expect(outcome?.written).toBeLessThan(16 * 1024 * 1024)
  })

  it('refuses an answer whose Content-Length is over the limit without reading it', async () => {
    let sent: Promise<HugeBodyOutcome> | undefined
    server = await startApi((_request, response) => {
      sent = writeHugeBody(response, 64 * 1024 * 1024, { declare: true })
    })
    const error = await failure(client(server).createVerification({ to: '+233241234567' }))
    expect(error).toMatchObject({ code: 'invalid_response', operation: 'create' })
    expect(error.message).toContain('over the 65536-byte limit')
    expect((await sent)?.complete).toBe(false)
  })

  it('reports a token answer without access_token as invalid_response of the token operation', async () => {
    server = await startApi(
      (_request, response) => sendJson(response, 200, envelope(verification)),
      () => ({ token_type: 'Bearer', expires_in: '3599' }),
    )
    expect(await failure(client(server).getVerification('VE1'))).toMatchObject({
      code: 'invalid_response',
      operation: 'token',
    })
  })

  it('retries once with a new token after a 401, and gives up after a second one', async () => {
    let refusals = 1
    server = await startApi((_request, response) => {
      if (refusals > 0) {
        refusals -= 1
        sendJson(response, 401, { statusCode: '401', statusMessage: 'Token expired' })
        return
      }
      sendJson(response, 200, envelope(verification))
    })
    const api = client(server)
    expect((await api.getVerification('VE1')).verification).toEqual(verification)
    const retried = server.requests.filter((r) => r.url.startsWith('/verify'))
    expect(retried.map((r) => r.headers.authorization)).toEqual(['Bearer edge-token-1', 'Bearer edge-token-2'])

    refusals = 2
    expect(await failure(api.getVerification('VE1'))).toMatchObject({
      code: 'unauthorized',
      operation: 'get',
      status: 401,
      statusMessage: 'Token expired',
    })
    expect(server.requests.filter((r) => r.url === TOKEN_PATH)).toHaveLength(3)
  })

  it('reports a 429 as rate_limited with its Retry-After', async () => {
    server = await startApi((_request, response) =>
      sendJson(response, 429, { statusCode: '429', statusMessage: 'Slow down' }, { 'retry-after': '42' }),
    )
    expect(await failure(client(server).createVerification({ to: '+233241234567' }))).toMatchObject({
      code: 'rate_limited',
      operation: 'create',
      status: 429,
      retryAfter: 42,
    })
  })

  it('times out a silent service, and rethrows a caller abort as is', async () => {
    // The API never answers; the token endpoint does.
    server = await startApi(() => {})
    const impatient = client(server, { timeoutMs: 50 })
    expect(await failure(impatient.getSmsRates())).toMatchObject({ code: 'timeout', operation: 'rates' })

    // The default 10 s limit: only the caller's abort can end this call.
    const patient = client(server)
    const controller = new AbortController()
    const call = patient.getSmsRates({ signal: controller.signal }).catch((error: unknown) => error)
    await expect.poll(() => server?.requests.length).toBe(4)
    const reason = new Error('caller navigated away')
    controller.abort(reason)
    expect(await call).toBe(reason)
  })

  it('reports a dead port as network_error', async () => {
    const port = await freePort()
    const api = createVerifyClient({
      baseUrl: `http://127.0.0.1:${port}`,
      clientId: 'edge-client',
      clientSecret: CLIENT_SECRET,
    })
    expect(await failure(api.getSmsRates())).toMatchObject({ code: 'network_error', operation: 'token' })
  })

  it('with the standard fetch injected, a 407 can only be a network_error (why nodeFetch is the default)', async () => {
    server = await startApi((_request, response) =>
      sendJson(response, 407, { statusCode: '407', statusMessage: 'Proxy not authenticated' }),
    )
    const api = client(server, { fetch: globalThis.fetch })
    expect(await failure(api.getSmsRates())).toMatchObject({ code: 'network_error', operation: 'rates' })
    expect(await failure(client(server).getSmsRates())).toMatchObject({
      code: 'proxy_auth_required',
      status: 407,
      statusMessage: 'Proxy not authenticated',
    })
  })

  it('keeps the secret and the token out of every error, even when the service echoes them', async () => {
    server = await startApi((request, response) => {
      const echoed = `secret ${CLIENT_SECRET} token ${request.headers.authorization ?? ''}`
      sendJson(response, 500, { status: '500', error: echoed, message: echoed, path: request.url })
    })
    const error = await failure(client(server).getVerification('VE1'))
    expect(error.code).toBe('server_error')
    for (const text of [String(error), error.message, JSON.stringify(error), inspect(error, { depth: 5 })]) {
      expect(text).not.toContain(CLIENT_SECRET)
      expect(text).not.toContain('edge-token-')
    }
  })

  it('refuses options that cannot work', () => {
    const base = { baseUrl: 'https://api.example.com', clientId: 'id', clientSecret: 'secret' }
    expect(() => createVerifyClient({ ...base, baseUrl: 'ftp://api.example.com' })).toThrow(TypeError)
    expect(() => createVerifyClient({ ...base, baseUrl: 'https://api.example.com/?x=1' })).toThrow(TypeError)
    expect(() => createVerifyClient({ ...base, clientSecret: '' })).toThrow(TypeError)
    expect(() => createVerifyClient({ ...base, timeoutMs: 0 })).toThrow(TypeError)
    expect(() => createVerifyClient({ ...base, refreshLeewaySeconds: -1 })).toThrow(TypeError)
  })
})
