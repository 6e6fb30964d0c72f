import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isProviderError, type ProviderCall, type ProviderError, type VerifyStore } from '@hakiki/provider'
import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { startSandboxServer, type SandboxServer, type SandboxServerOptions } from '@hakiki/sandbox/node'
import { type HugeBodyOutcome, writeHugeBody } from '@hakiki/test-support/huge-body'
import { afterEach, describe, expect, it } from 'vitest'
import { createTwilioProvider } from './create-twilio-provider'

const { accountSid, authToken } = DEFAULT_TWILIO_ACCOUNT
const serviceSid = DEFAULT_TWILIO_ACCOUNT.services[0]!.sid
const UK = '+447911123456'

// Twilio keeps the state: the store every call gets refuses every use, so a use fails the test.
const unused = () => Promise.reject(new Error('the Twilio provider must not use the store'))
const noStore: VerifyStore = { take: unused, give: unused, add: unused, get: unused, write: unused }
const call: ProviderCall = { store: noStore, clock: { now: () => Date.now() } }

const servers: Array<{ close(): Promise<void> | void }> = []
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close()
})

async function sandbox(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const server = await startSandboxServer({ port: 0, ...options })
  servers.push(server)
  return server
}

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isProviderError(error)) throw new Error(`expected a ProviderError, got ${String(error)}`)
  // Whatever failed, no credential, encoded or not, may reach a log through the error.
  const text = `${error.message} ${JSON.stringify(error)} ${String(error.cause)} ${error.stack ?? ''}`
  for (const secret of [authToken, DEFAULT_TWILIO_ACCOUNT.apiKeys[0]!.secret, btoa(`${accountSid}:${authToken}`)]) expect(text).not.toContain(secret)
  return error
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push({
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('createTwilioProvider', () => {
  it("says where a network failure is mended (this server's egress, Twilio's address being fixed), with the system's error code", async () => {
    // A port nothing listens on any more: the connection is refused.
    const { url, server } = await listen(() => undefined)
    await new Promise<void>((resolve) => server.close(() => resolve()))
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: url })
    const error = await rejection(provider.start({ to: UK, channel: 'sms', locale: 'en' }, call))
    expect({ kind: error.kind, status: error.status }).toEqual({ kind: 'unavailable', status: undefined })
    expect(error.message).toBe(
      `twilio start failed: unavailable (network error: ${new URL(url).host} could not be reached (ECONNREFUSED); check this server's network and egress to it (firewall rules, an outbound proxy, DNS))`,
    )
  })

  it("classifies Twilio's refusals of a start", async () => {
    const server = await sandbox({ twilio: { blockedPrefixes: ['+5511'] } })
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: server.url, channels: ['sms', 'call', 'email'] })
    const cases = [
      [{ to: '+5511987654321', channel: 'sms' }, 'fraud_blocked', '60410'],
      [{ to: '+442071838750', channel: 'sms' }, 'invalid_phone_number', '60205'],
      [{ to: '0791112345', channel: 'sms' }, 'invalid_phone_number', '60200'],
      [{ to: 'not-an-address', channel: 'email' }, 'invalid_email', '60200'],
    ] as const
    for (const [input, kind, code] of cases) {
      const error = await rejection(provider.start({ ...input, locale: 'en' }, call))
      expect({ kind: error.kind, code: error.providerCode, operation: error.operation, provider: error.provider }).toEqual({ kind, code, operation: 'start', provider: 'twilio' })
      // Twilio's text may echo the address: it is not kept in the message.
      expect(error.message).not.toContain(input.to)
    }
  })

  it('answers max_attempts once the checks are spent (Twilio 60202)', async () => {
    const server = await sandbox()
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: server.url })
    const { id } = await provider.start({ to: UK, channel: 'sms', locale: 'en' }, call)
    const code = server.sandbox.inbox.list({ to: UK })[0]!.code
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) expect((await provider.check(id, wrong, call)).status).toBe('pending')
    expect((await provider.check(id, wrong, call)).status).toBe('cancelled')
    const error = await rejection(provider.check(id, code, call))
    expect([error.kind, error.status, error.providerCode]).toEqual(['max_attempts', 429, '60202'])
  })

  it("maps the sandbox's faults and limits: unavailable, misconfigured, not_found, rate_limited", async () => {
    const server = await sandbox()
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: server.url })
    server.sandbox.faults.add({ operation: 'create', status: 500 })
    expect((await rejection(provider.start({ to: UK, channel: 'sms', locale: 'en' }, call))).kind).toBe('unavailable')
    server.sandbox.faults.add({ operation: 'create', status: 401 })
    expect((await rejection(provider.start({ to: UK, channel: 'sms', locale: 'en' }, call))).kind).toBe('misconfigured')
    const { id } = await provider.start({ to: UK, channel: 'sms', locale: 'en' }, call)
    server.sandbox.faults.add({ operation: 'get', status: 404 })
    expect((await rejection(provider.status(id, call))).kind).toBe('not_found')
    for (let i = 0; i < 60; i++) await provider.status(id, call)
    const limited = await rejection(provider.status(id, call))
    expect([limited.kind, limited.providerCode, limited.retryAfter]).toEqual(['rate_limited', '20429', 60])
  })

  it('refuses wrong credentials and a foreign service as misconfigured', async () => {
    const server = await sandbox()
    const wrongToken = createTwilioProvider({ accountSid, authToken: 'nope' }, { serviceSid, baseUrl: server.url })
    const denied = await rejection(wrongToken.start({ to: UK, channel: 'sms', locale: 'en' }, call))
    expect([denied.kind, denied.status, denied.providerCode]).toEqual(['misconfigured', 401, '20003'])
    const otherService = createTwilioProvider({ accountSid, authToken }, { serviceSid: `VA${'c'.repeat(32)}`, baseUrl: server.url })
    expect((await rejection(otherService.start({ to: UK, channel: 'sms', locale: 'en' }, call))).kind).toBe('misconfigured')
    expect(server.sandbox.inbox.list()).toHaveLength(0)
  })

  it('gives up after timeoutMs with timeout', async () => {
    const server = await sandbox()
    server.sandbox.faults.add({ operation: 'create', delayMs: 30_000 })
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: server.url, timeoutMs: 200 })
    const error = await rejection(provider.start({ to: UK, channel: 'sms', locale: 'en' }, call))
    expect(error.kind).toBe('timeout')
  })

  it("stops a call in flight when the caller aborts, rejecting with the caller's reason", async () => {
    let arrived!: () => void
    const reached = new Promise<void>((resolve) => (arrived = resolve))
    // The sandbox's fault delay waits here: we know the request is in flight, and it never answers.
    const sleep = (_ms: number, signal: AbortSignal) => {
      arrived()
      return new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
    }
    const server = await sandbox({ sleep })
    server.sandbox.faults.add({ operation: 'create', delayMs: 60_000 })
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: server.url })
    const controller = new AbortController()
    const pending = provider.start({ to: UK, channel: 'sms', locale: 'en' }, { ...call, signal: controller.signal })
    await reached
    const reason = new Error('the browser went away')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
  })

  // #19: a 300 MB answer once took a proxy to 2.9 GB. The read stops at the limit and hangs up.
  it('cuts an answer over the size limit: invalid_response naming the limit, the rest never read', async () => {
    let sent: Promise<HugeBodyOutcome> | undefined
    const huge = await listen((_req, res) => {
      sent = writeHugeBody(res, 64 * 1024 * 1024)
    })
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: huge.url })
    const error = await rejection(provider.start({ to: UK, channel: 'sms', locale: 'en' }, call))
    expect([error.kind, error.status]).toEqual(['invalid_response', 200])
    expect(error.message).toContain('over the 65536-byte limit')
    const outcome = await sent
    expect(outcome?.complete).toBe(false)
    expect(outcome?.written).toBeLessThan(16 * 1024 * 1024)
  })

  it('never follows a redirect (the Basic credentials would go with it)', async () => {
    let reachedTarget = false
    const target = await listen((_req, res) => {
      reachedTarget = true
      res.end('{}')
    })
    const redirecting = await listen((_req, res) => {
      res.writeHead(307, { location: `${target.url}/v2/Services/${serviceSid}/Verifications` })
      res.end()
    })
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: redirecting.url })
    const error = await rejection(provider.start({ to: UK, channel: 'sms', locale: 'en' }, call))
    expect([error.kind, error.status]).toEqual(['misconfigured', 307])
    expect(reachedTarget).toBe(false)
  })

  it('refuses a 2xx answer that is not a Twilio verification as invalid_response', async () => {
    const odd = await listen((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ sid: 'VE1', status: 'pending' }))
    })
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: odd.url })
    expect((await rejection(provider.start({ to: UK, channel: 'sms', locale: 'en' }, call))).kind).toBe('invalid_response')
  })

  it("sends the locale in Twilio's spelling, and leaves out one Twilio lacks", async () => {
    const server = await sandbox()
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: server.url })
    await provider.start({ to: UK, channel: 'sms', locale: 'pt-BR' }, call)
    await provider.start({ to: '+33612345678', channel: 'sms', locale: 'zh-Hant-TW' }, call)
    // Swahili is not on Twilio's list (Twilio would answer 404): Twilio picks by country instead.
    await provider.start({ to: '+919876543210', channel: 'sms', locale: 'sw' }, call)
    expect(['pr-BR', 'zh-HK', 'en'].map((l, i) => [l, server.sandbox.inbox.list({ to: [UK, '+33612345678', '+919876543210'][i]! })[0]!.locale])).toEqual([
      ['pr-BR', 'pr-BR'],
      ['zh-HK', 'zh-HK'],
      ['en', 'en'],
    ])
  })

  it("declares the service's code length, checks it once against the service, and refuses another", async () => {
    const server = await sandbox({ codeLength: 8 })
    const undeclared = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: server.url })
    const mismatch = await rejection(undeclared.start({ to: UK, channel: 'sms', locale: 'en' }, call))
    expect(mismatch.kind).toBe('misconfigured')
    expect(mismatch.message).toContain("set the provider's codeLength to 8")
    expect(server.sandbox.inbox.list()).toHaveLength(0)

    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: server.url, codeLength: 8 })
    expect(provider.codeLength).toBe(8)
    const asked = await rejection(provider.start({ to: UK, channel: 'sms', locale: 'en', codeLength: 6 }, call))
    expect(asked.message).toContain("set the proxy's codeLength to 8")
    const v = await provider.start({ to: UK, channel: 'sms', locale: 'en', codeLength: 8 }, call)
    expect(server.sandbox.inbox.list({ to: UK })[0]!.code).toHaveLength(8)
    expect(v.status).toBe('pending')
  })

  it('refuses a channel it does not declare with unsupported_channel, calling nothing', async () => {
    let calls = 0
    const counting = await listen((_req, res) => {
      calls += 1
      res.writeHead(500).end()
    })
    const provider = createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: counting.url })
    expect(provider.channels).toEqual(['sms', 'call'])
    expect((await rejection(provider.start({ to: 'ama@example.com', channel: 'email', locale: 'en' }, call))).kind).toBe('unsupported_channel')
    expect(calls).toBe(0)
  })

  it('validates its options without echoing a secret', () => {
    const base = { serviceSid }
    const attempts: Array<() => unknown> = [
      () => createTwilioProvider({ accountSid: 'AC123', authToken }, base),
      () => createTwilioProvider({ accountSid, authToken: '' }, base),
      () => createTwilioProvider({ accountSid, apiKeySid: 'SK1', apiKeySecret: 'top-secret-value' }, base),
      () => createTwilioProvider({ accountSid, authToken }, { serviceSid: 'VA1' }),
      () => createTwilioProvider({ accountSid, authToken }, { ...base, baseUrl: 'http://verify.example.com' }),
      () => createTwilioProvider({ accountSid, authToken }, { ...base, timeoutMs: 0 }),
    ]
    for (const attempt of attempts) {
      const error = (() => {
        try {
          attempt()
          return undefined
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(TypeError)
      expect(String(error)).not.toContain('top-secret-value')
      expect(String(error)).not.toContain(authToken)
    }
    expect(() => createTwilioProvider({ accountSid, authToken }, { ...base, baseUrl: 'http://127.0.0.1:4010' })).not.toThrow()
  })
})
