// Own delivery on the wire: the demo's API (proxy on the engine, the demo carrier into a sandbox's
// inbox) answers the start and status reads with the delivery status the engine knows, which the
// page's flow shows: `delivered` for a message the inbox took, `sent` then `undelivered` for an SMS
// the carrier reports it could not deliver.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeListener } from '@hakiki/proxy/node'
import { createSandbox } from '@hakiki/sandbox'
import { createPageFetch } from '@hakiki/test-support'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDemoApi, type DemoApi } from './create-demo-api'

let server: Server
let api: DemoApi
let page: typeof fetch
let origin: string
beforeAll(async () => {
  api = createDemoApi({ apiUrl: 'http://unused.invalid', provider: 'engine', clientId: '-', clientSecret: '-', quiet: true, inbox: createSandbox().transport })
  server = createServer(toNodeListener(async (request) => (await api.handle(request)) ?? new Response(null, { status: 404 })))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  page = createPageFetch(origin)
})
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await api?.close()
})

const start = async (to: string) => {
  const response = await page(`${origin}/api/verify/verifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to, channel: 'sms' }) })
  expect(response.status).toBe(201)
  return (await response.json()) as { id: string; delivery?: string }
}
const status = async (id: string) => (await (await page(`${origin}/api/verify/verifications/${id}`)).json()) as { status: string; delivery?: string }

it('says delivered for an SMS the inbox took', async () => {
  const started = await start('+233241234567')
  expect(started.delivery).toBe('delivered')
  expect(await status(started.id)).toMatchObject({ status: 'pending', delivery: 'delivered' })
})

it('says sent, then undelivered once the carrier reports it', async () => {
  const started = await start('+233241230000')
  expect(started.delivery).toBe('sent')
  expect(await status(started.id)).toMatchObject({ status: 'pending', delivery: 'undelivered' })
})
