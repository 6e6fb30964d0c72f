/**
 * Contract tests: the client against the real sandbox, over HTTP on loopback. Token requests are
 * counted by wrapping the transport (the transport is a boundary: count, don't fake).
 */
import { inspect } from 'node:util'
import { startSandboxServer } from '@hakiki/sandbox/node'
import type { SandboxServer } from '@hakiki/sandbox/node'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '@hakiki/test-support/free-port'
import { createVerifyClient } from './node'
import { nodeFetch } from './node-fetch'
import { VerifyApiError } from './verify-api-error'
import type { VerifyApiOperation } from './verify-api-error'
import type { VerifyClientOptions } from './verify-client'

const CLIENT_ID = 'contract-client'
const CLIENT_SECRET = 'contract-secret-Qm7v2'
const PHONE = '+233241234567'
/** Well-formed, but no verification has it. */
const MADE_UP_ID = 'VE0123456789abcdef0123456789abcdef'

let running: SandboxServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** Starts a sandbox that knows the test's credentials. */
async function startSandbox(options: Parameters<typeof startSandboxServer>[0] = {}) {
  running = await startSandboxServer({
    port: 0,
    clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }],
    ...options,
  })
  return running
}

/**
 * A client on the sandbox whose transport is `nodeFetch`, counted: token requests, and every
 * token the sandbox handed out (to prove none leaks into an error).
 */
function connect(server: SandboxServer, options: Partial<VerifyClientOptions> = {}) {
  const seen = { tokenRequests: 0, tokens: [] as string[] }
  const countingFetch: typeof globalThis.fetch = async (input, init) => {
    const isTokenRequest = String(input).includes('/oauth/client/accesstoken')
    if (isTokenRequest) seen.tokenRequests += 1
    const response = await nodeFetch(input, init)
    if (isTokenRequest && response.ok) {
      const body = (await response.clone().json()) as { access_token?: string }
      if (body.access_token) seen.tokens.push(body.access_token)
    }
    return response
  }
  const client = createVerifyClient({
    baseUrl: server.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: countingFetch,
    ...options,
  })
  return { client, seen }
}

async function failure(promise: Promise<unknown>): Promise<VerifyApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(VerifyApiError)
  return error as VerifyApiError
}

/** A sandbox `sleep` for delay faults that lasts until the client hangs up: no real waiting. */
function sleepUntilHangUp(_ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

/** The code the sandbox "sent" to `to`, newest first. */
function codeSentTo(server: SandboxServer, to: string): string {
  const [message] = server.sandbox.inbox.list({ to })
  if (message === undefined) throw new Error(`no message to ${to}`)
  return message.code
}

describe('createVerifyClient against the sandbox', () => {
  it('creates, reads and approves a verification; an approved one can no longer be read', async () => {
    const server = await startSandbox()
    const { client } = connect(server)

    const created = await client.createVerification({ to: PHONE, channel: 'sms', locale: 'fr' })
    expect(created.verification).toMatchObject({ to: PHONE, channel: 'sms', status: 'pending' })
    expect(created.fee).toMatch(/^\d+(\.\d+)?$/)
    expect(created.statusCode).toBe('201')
    expect(created.transactionId).not.toBe('')
    const { verificationId } = created.verification

    const read = await client.getVerification(verificationId)
    expect(read.verification).toEqual(created.verification)

    const code = codeSentTo(server, PHONE)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await client.checkVerification(verificationId, wrong)
    expect(refused.verification.status).toBe('pending')

    const approved = await client.checkVerification(verificationId, code)
    expect(approved.verification).toMatchObject({ verificationId, status: 'approved' })

    expect(await failure(client.getVerification(verificationId))).toMatchObject({
      code: 'not_found',
      operation: 'get',
      status: 404,
    })
  })

  it('sends codes by voice call and e-mail too', async () => {
    const server = await startSandbox()
    const { client } = connect(server)
    const call = await client.createVerification({ to: '+254712345678', channel: 'call' })
    expect(call.verification).toMatchObject({ channel: 'call', status: 'pending' })
    const email = await client.createVerification({ to: 'ama@example.com', channel: 'email' })
    expect(email.verification).toMatchObject({ to: 'ama@example.com', channel: 'email' })
    expect(codeSentTo(server, 'ama@example.com')).toMatch(/^\d{4,10}$/)
  })

  it('lists the SMS rates', async () => {
    const server = await startSandbox()
    const { client } = connect(server)
    const rates = await client.getSmsRates()
    expect(rates.countries.length).toBeGreaterThan(0)
    expect(rates.countries.map((country) => country.code)).toContain('233')
    for (const country of rates.countries) {
      expect(country.name).not.toBe('')
      expect(country.fee).toMatch(/^\d+(\.\d+)?$/)
    }
  })

  it('reports a bad request with the service message', async () => {
    const server = await startSandbox()
    const { client } = connect(server)
    const error = await failure(client.createVerification({ to: 'not a number', channel: 'sms' }))
    expect(error).toMatchObject({ code: 'bad_request', operation: 'create', status: 400 })
    expect(error.statusMessage).toBeTruthy()
  })

  it('reports wrong credentials as unauthorized on the token operation, without the secret', async () => {
    const server = await startSandbox()
    const { client } = connect(server, { clientSecret: 'wrong-secret-Hk4' })
    const error = await failure(client.getSmsRates())
    expect(error).toMatchObject({ code: 'unauthorized', operation: 'token', status: 401 })
    expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain('wrong-secret-Hk4')
  })

  type Client = ReturnType<typeof connect>['client']
  const apiCalls: Record<Exclude<VerifyApiOperation, 'token'>, (c: Client, id?: string) => Promise<unknown>> = {
    create: (client) => client.createVerification({ to: PHONE }),
    get: (client, id = MADE_UP_ID) => client.getVerification(id),
    verify: (client, id = MADE_UP_ID) => client.checkVerification(id, '123456'),
    rates: (client) => client.getSmsRates(),
  }
  const expectedCodes = { 404: 'not_found', 407: 'proxy_auth_required', 500: 'server_error' } as const

  describe.each(Object.entries(apiCalls))('the %s operation', (operation, call) => {
    it.each([404, 407, 500] as const)('reports a %i fault with its status and body', async (status) => {
      const server = await startSandbox()
      const { client } = connect(server)
      await client.getSmsRates() // warm the token cache, so the fault hits the API call
      server.sandbox.faults.add({ operation: operation as VerifyApiOperation, status })
      const error = await failure(call(client))
      expect(error).toMatchObject({
        code: expectedCodes[status],
        operation,
        status,
        statusCode: String(status),
      })
      expect(error.statusMessage).toBeTruthy()
    })

    it('retries once with a new token after a 401, and reports a second 401', async () => {
      const server = await startSandbox()
      const { client, seen } = connect(server)
      // A real verification, so that the retried call has something to succeed on.
      const { verification } = await client.createVerification({ to: '+254712345678' })
      server.sandbox.faults.add({ operation: operation as VerifyApiOperation, status: 401 })
      await expect(call(client, verification.verificationId)).resolves.toBeDefined()
      expect(seen.tokenRequests).toBe(2)

      server.sandbox.faults.add({ operation: operation as VerifyApiOperation, status: 401, times: 2 })
      expect(await failure(call(client, verification.verificationId))).toMatchObject({
        code: 'unauthorized',
        operation,
        status: 401,
      })
      expect(seen.tokenRequests).toBe(3)
    })
  })

  it.each([
    [401, 'unauthorized'],
    [404, 'not_found'],
    [407, 'proxy_auth_required'],
    [500, 'server_error'],
  ] as const)('reports a %i fault of the token endpoint, then recovers on the next call', async (status, code) => {
    const server = await startSandbox()
    const { client, seen } = connect(server)
    server.sandbox.faults.add({ operation: 'token', status })
    expect(await failure(client.getSmsRates())).toMatchObject({ code, operation: 'token', status })
    expect((await client.getSmsRates()).countries.length).toBeGreaterThan(0)
    expect(seen.tokenRequests).toBe(2)
  })

  it('reports a 407 as proxy_auth_required with the body the service sent', async () => {
    const server = await startSandbox()
    const { client } = connect(server, { fetch: undefined }) // the default transport
    await client.getSmsRates()
    server.sandbox.faults.add({ operation: 'create', status: 407 })
    const error = await failure(client.createVerification({ to: PHONE }))
    expect(error).toMatchObject({ code: 'proxy_auth_required', status: 407, statusCode: '407' })
    expect(error.statusMessage).toMatch(/proxy/i)
  })

  it('makes exactly one token request for 200 concurrent calls on a cold cache', async () => {
    const server = await startSandbox()
    const { client, seen } = connect(server)
    const results = await Promise.all(Array.from({ length: 200 }, () => client.getSmsRates()))
    expect(results).toHaveLength(200)
    expect(results.every((result) => result.countries.length > 0)).toBe(true)
    expect(seen.tokenRequests).toBe(1)
    // 200 rate tables over loopback take ~3.5 s on a loaded 2-core machine: what this test holds
    // is the single token request, not a time.
  }, 30_000)

  it('refreshes the token once, ahead of expiry, on a clock shared with the sandbox', async () => {
    const server = await startSandbox({ tokenTtlSeconds: 3600 })
    const { client, seen } = connect(server, {
      now: () => server.sandbox.clock.now(),
      refreshLeewaySeconds: 60,
    })
    await client.getSmsRates()
    expect(seen.tokenRequests).toBe(1)

    // The sandbox says expires_in = 3599: refresh is due at 3599 − 60 s.
    server.sandbox.clock.advance(3599 - 60 - 1)
    await client.getSmsRates()
    expect(seen.tokenRequests).toBe(1)

    server.sandbox.clock.advance(1)
    await Promise.all(Array.from({ length: 20 }, () => client.getSmsRates()))
    expect(seen.tokenRequests).toBe(2)
    expect(new Set(seen.tokens).size).toBe(2)
  })

  it('recovers through a 401 when the token expired by a clock the client did not see', async () => {
    const server = await startSandbox({ tokenTtlSeconds: 3600 })
    const { client, seen } = connect(server) // the client keeps its own real clock
    await client.getSmsRates()
    server.sandbox.clock.advance(3600)
    expect((await client.getSmsRates()).countries.length).toBeGreaterThan(0)
    expect(seen.tokenRequests).toBe(2)
  })

  it('times out a slow answer', async () => {
    const server = await startSandbox({ sleep: sleepUntilHangUp })
    const { client } = connect(server, { timeoutMs: 100 })
    await client.getSmsRates()
    server.sandbox.faults.add({ operation: 'get', delayMs: 60_000 })
    expect(await failure(client.getVerification(MADE_UP_ID))).toMatchObject({
      code: 'timeout',
      operation: 'get',
    })
  })

  it('never puts the client secret or a token into any error', async () => {
    const server = await startSandbox({ sleep: sleepUntilHangUp })
    const { client, seen } = connect(server, { timeoutMs: 100 })
    const errors: VerifyApiError[] = []
    for (const status of [401, 404, 407, 500] as const) {
      server.sandbox.faults.add({ operation: 'token', status })
      errors.push(await failure(client.getSmsRates()))
    }
    await client.getSmsRates()
    for (const status of [404, 407, 500] as const) {
      for (const operation of ['create', 'get', 'verify', 'rates'] as const) {
        server.sandbox.faults.add({ operation, status })
        errors.push(await failure(apiCalls[operation](client)))
      }
    }
    server.sandbox.faults.add({ operation: 'rates', status: 401, times: 2 })
    errors.push(await failure(client.getSmsRates()))
    errors.push(await failure(client.createVerification({ to: 'nonsense' })))

    server.sandbox.faults.add({ operation: 'verify', delayMs: 60_000 })
    errors.push(await failure(client.checkVerification(MADE_UP_ID, '123456')))

    const { client: wrong } = connect(server, { clientSecret: `${CLIENT_SECRET}-wrong` })
    errors.push(await failure(wrong.getSmsRates()))
    const { client: unreachable } = connect(server, { baseUrl: `http://127.0.0.1:${await freePort()}` })
    errors.push(await failure(unreachable.getSmsRates()))

    expect(new Set(errors.map((error) => error.code))).toEqual(
      new Set([
        'unauthorized', 'not_found', 'proxy_auth_required', 'server_error', 'bad_request',
        'timeout', 'network_error',
      ]),
    )
    expect(seen.tokens.length).toBeGreaterThan(0)
    for (const error of errors) {
      for (const text of [String(error), error.message, JSON.stringify(error), inspect(error, { depth: 5 })]) {
        expect(text).not.toContain(CLIENT_SECRET)
        for (const token of seen.tokens) expect(text).not.toContain(token)
      }
    }
  })
})
