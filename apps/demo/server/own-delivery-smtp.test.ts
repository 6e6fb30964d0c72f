// Own delivery with a local mail server: the demo's proxy on the engine sends an e-mail code
// through a real Postfix (Debian's, started on a free loopback port by the engine's test helper;
// skipped with a warning without Postfix or root), not into the sandbox's inbox; the code read out
// of the delivered mail verifies through the proxy, as a person reading their mailbox would.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createProxyAdapter } from '@hakiki/core'
import { toNodeListener } from '@hakiki/proxy/node'
import { createSandbox } from '@hakiki/sandbox'
import { createPageFetch } from '@hakiki/test-support'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postfixAvailable, startPostfix, type PostfixProcess } from '../../../packages/engine/test/postfix'
import { createDemoApi, type DemoApi } from './create-demo-api'

describe.skipIf(!postfixAvailable)('own delivery through a local Postfix', () => {
  let postfix: PostfixProcess
  let server: Server
  let api: DemoApi
  let origin: string
  const sandbox = createSandbox()
  beforeAll(async () => {
    postfix = await startPostfix()
    api = createDemoApi({ apiUrl: 'http://unused.invalid', provider: 'engine', clientId: '-', clientSecret: '-', quiet: true, inbox: sandbox.transport, smtp: { host: '127.0.0.1', port: postfix.port } })
    const listener = toNodeListener(async (request) => (await api.handle(request)) ?? new Response(null, { status: 404 }))
    server = createServer(listener)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()))
    await api?.close()
    await postfix?.stop()
  })

  it('sends the e-mail code through the mail server, not to the inbox, and the mailed code verifies', async () => {
    expect(api.config).toMatchObject({ provider: 'engine', email: 'smtp' })
    const adapter = createProxyAdapter({ baseUrl: `${origin}/api/verify`, fetch: createPageFetch(origin) })
    const started = await adapter.start({ to: 'ama@example.com', channel: 'email', locale: 'fr' })
    const [mail] = await postfix.waitForMessages(1)
    const code = /^Subject: .*?(\d{6})/m.exec(mail!)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(sandbox.inbox.list()).toEqual([])
    expect(await adapter.check(started.id, code!)).toMatchObject({ status: 'approved' })
  })
})
