import { createSandbox } from '@hakiki/sandbox'
import { createVerifyClient } from '@hakiki/verify-client'
import { describe, expect, it } from 'vitest'
import { createVerifyHandler } from './create-verify-handler'
import type { VerifyHandlerOptions } from './verify-handler-options'
import { verifyClientProvider } from './verify-client-provider'

const SECRET = 'x'.repeat(32)
const sandbox = createSandbox()
const client = createVerifyClient({
  baseUrl: 'https://sandbox.test',
  clientId: 'sandbox-client-id',
  clientSecret: 'sandbox-client-secret',
  fetch: (input, init) => sandbox.fetch(new Request(input, init)),
})

describe('createVerifyHandler configuration', () => {
  it('refuses, at creation, what could never work safely', () => {
    const bad: Array<Partial<VerifyHandlerOptions>> = [
      { secret: 'x'.repeat(31) },
      { secret: new Uint8Array(16) },
      { allowedOrigins: ['https://app.example/path'] },
      { allowedOrigins: ['not a url'] },
      { limits: { resendCooldownSeconds: [] } },
      { limits: { sendsPerIp: { hour: 0 } } },
      { codeLength: 3 },
      { codeTtlSeconds: -1 },
      { basePath: 'api' },
      { publicOrigin: 'https://app.example/path' },
      { publicOrigin: [] },
      { numberTypes: { sms: ['MOBILE', 'NOT_A_TYPE' as 'MOBILE'] } },
      { storeTimeoutMs: 0 },
      // Exactly one of provider and client.
      { provider: verifyClientProvider(client) },
    ]
    for (const options of bad) expect(() => createVerifyHandler({ client, secret: SECRET, ...options })).toThrow(TypeError)
    expect(() => createVerifyHandler({ client, secret: new Uint8Array(32), allowedOrigins: ['https://app.example/'] })).not.toThrow()
    expect(() => createVerifyHandler({ provider: verifyClientProvider(client), secret: SECRET })).not.toThrow()
    expect(() => createVerifyHandler({ secret: SECRET })).toThrow(/exactly one/)
  })
})

describe('hooks', () => {
  it('survives an onEvent hook that throws or rejects, and logs only its error name', async () => {
    const logs: string[] = []
    let calls = 0
    const handler = createVerifyHandler({
      client,
      secret: SECRET,
      publicOrigin: 'http://proxy.test',
      // A Fetch mount outside development must say where the client IP comes from.
      getClientIp: () => '41.66.1.2',
      onEvent: () => {
        calls++
        if (calls % 2 === 0) return Promise.reject(new Error('metrics down for +233241234567'))
        throw new Error('audit down for +233241234567')
      },
      logger: { error: (message, fields) => void logs.push(`${message} ${JSON.stringify(fields)}`) },
    })
    const start = () =>
      handler(
        new Request('http://proxy.test/verifications', {
          method: 'POST',
          headers: { origin: 'http://proxy.test', 'content-type': 'application/json' },
          body: JSON.stringify({ to: '+233241234567' }),
        }),
      )
    expect((await start()).status).toBe(201)
    expect((await start()).status).toBe(429)
    await new Promise((resolve) => setImmediate(resolve))
    expect(calls).toBe(2)
    expect(logs).toEqual(['onEvent hook failed {"error":"Error"}', 'onEvent hook failed {"error":"Error"}'])
  })

  it('answers 503 store_unavailable, not 500, when the store fails', async () => {
    const logs: string[] = []
    const failing = {
      take: () => Promise.reject(new Error('ECONNREFUSED redis')),
      give: () => Promise.reject(new Error('ECONNREFUSED redis')),
      add: () => Promise.reject(new Error('ECONNREFUSED redis')),
      get: () => Promise.reject(new Error('ECONNREFUSED redis')),
      write: () => Promise.reject(new Error('ECONNREFUSED redis')),
    }
    const handler = createVerifyHandler({ client, secret: SECRET, publicOrigin: 'http://proxy.test',
      // A Fetch mount outside development must say where the client IP comes from.
      getClientIp: () => '41.66.1.2', store: failing, logger: { error: (m, f) => void logs.push(`${m} ${JSON.stringify(f)}`) } })
    const res = await handler(
      new Request('http://proxy.test/verifications', {
        method: 'POST',
        headers: { origin: 'http://proxy.test', 'content-type': 'application/json' },
        body: JSON.stringify({ to: '+233241234567' }),
      }),
    )
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ code: 'store_unavailable', retryAfter: 5 })
    expect(logs.join('\n')).toContain('"reason":"failed"')
  })
})
