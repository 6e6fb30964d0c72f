// The whole kit with no paid upstream: the proxy's handler on the engine (a port-v2 provider, taken as is),
// served by node:http on loopback, the page's flow through core's proxy adapter, the code read from
// the engine's inbox transport, and the receipt checked as the app's sign-up does.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createProxyAdapter } from '@hakiki/core'
import { createVerifyHandler, verifyReceipt } from '@hakiki/proxy'
import { toNodeListener, type NodeListener } from '@hakiki/proxy/node'
import { createPageFetch } from '@hakiki/test-support'
import { afterEach, expect, it } from 'vitest'
import { createEngineProvider, createInboxTransport } from '@hakiki/engine'

const SECRET = 'e2e-secret-that-is-at-least-32-bytes-long!'
let server: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

it('verifies a number through the proxy with the engine making, sending and checking the code', async () => {
  let listener: NodeListener | undefined
  server = createServer((req, res) => listener!(req, res))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const inbox = createInboxTransport()
  const engine = createEngineProvider({ secret: SECRET, appName: 'Acme', webOtpHost: '127.0.0.1', routes: [{ transport: inbox }] })
  listener = toNodeListener(
    createVerifyHandler({
      provider: engine,
      publicOrigin: origin,
      secret: SECRET,
      basePath: '/api/verify',
    }),
  )
  const adapter = createProxyAdapter({ baseUrl: `${origin}/api/verify`, fetch: createPageFetch(origin) })
  const started = await adapter.start({ to: '+233 24 123 4567', channel: 'sms', locale: 'fr' })
  expect(started).toMatchObject({ to: '+233241234567', status: 'pending', codeLength: 6 })
  const message = inbox.list('+233241234567')[0]!
  expect(message.locale).toBe('fr')
  const code = /#(\d{6})$/.exec(message.text)![1]!
  const wrong = code.replace(/\d/g, (d) => String((Number(d) + 1) % 10))
  expect(await adapter.check(started.id, wrong)).toMatchObject({ status: 'pending' })
  const approved = await adapter.check(started.id, code)
  expect(approved.status).toBe('approved')
  const claims = await verifyReceipt(approved.receipt!, SECRET, { expectedTo: '+233241234567', replay: 'allow' })
  expect(claims).toMatchObject({ sub: '+233241234567', channel: 'sms' })
})
