// The built server packages working together as an app would run them: the built sandbox on a
// loopback port, the built verify-client calling it, the built proxy served by its built node:http
// adapter, and the built browser adapter of @hakiki/core talking to the proxy over HTTP (the flow of
// @hakiki/test-support, which imports none of them).
import { HakikiError, createProxyAdapter } from '@hakiki/core'
import { createVerifyHandler, verifyReceipt } from '@hakiki/proxy'
import { toExpressMiddleware } from '@hakiki/proxy/express'
import { toNodeListener } from '@hakiki/proxy/node'
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient, nodeFetch } from '@hakiki/verify-client/node'
import { createPageFetch, expectedProxyFlow, verifyThroughProxy } from '@hakiki/test-support'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const SECRET = 'dist-check-secret-0123456789-abcdefghij'
const NOW = Date.parse('2030-01-01T08:00:00Z')
const now = () => NOW

let sandbox: SandboxServer
let server: Server
let origin: string

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, now })
  const client = createVerifyClient({
    baseUrl: sandbox.url,
    clientId: 'sandbox-client-id',
    clientSecret: 'sandbox-client-secret',
    fetch: nodeFetch,
    now,
  })
  const handler = createVerifyHandler({ client, secret: SECRET, now, basePath: '/api/verify' })
  server = createServer(toNodeListener(handler))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
  await sandbox.close()
})

describe('the built server packages', () => {
  it('start and check a code over HTTP, and hand out a receipt the built verifyReceipt accepts', async () => {
    const to = '+233241234567'
    const trace = await verifyThroughProxy({
      origin,
      sandboxUrl: sandbox.url,
      typed: '+233 24 123 4567',
      to,
      locale: 'fr',
      createAdapter: (fetch) => createProxyAdapter({ baseUrl: `${origin}/api/verify`, fetch }),
      verifyReceipt: (receipt, expectedTo) => verifyReceipt(receipt, SECRET, { now, expectedTo, replay: 'allow' }),
    })
    expect(trace).toMatchObject(expectedProxyFlow(trace, to, 'fr'))
    expect(trace.started.codeLength).toBe(6)
    expect(trace.sent.code).toMatch(/^\d{6}$/)
  })

  it('keep their typed errors across the HTTP boundary', async () => {
    const adapter = createProxyAdapter({ baseUrl: `${origin}/api/verify`, fetch: createPageFetch(origin) })
    const error = await adapter.start({ to: '+44 20 7946 0000' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HakikiError)
    expect(error).toMatchObject({ code: 'unsupported_country', status: 400 })
  })

  it('ship the Express adapter as a middleware factory', () => {
    const handler = createVerifyHandler({ client: createVerifyClient({ baseUrl: sandbox.url, clientId: 'x', clientSecret: 'y' }), secret: SECRET })
    expect(toExpressMiddleware(handler)).toHaveLength(3)
  })
})
