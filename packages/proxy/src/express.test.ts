import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandboxServer } from '@hakiki/sandbox/node'
import type { SandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient } from '@hakiki/verify-client'
import { GHANA, SECRET, TestBrowser } from '../test/harness'
import { createVerifyHandler } from './create-verify-handler'
import { toExpressMiddleware } from './express'
import { verifyReceipt } from './receipt'

let server: Server | undefined
let sandbox: SandboxServer | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server?.closeAllConnections()
  await sandbox?.close()
  server = undefined
  sandbox = undefined
})

/** An Express 5 app with the proxy at /api/verify, optionally behind express.json(). */
async function startApp(withJsonParser: boolean): Promise<{ origin: string; browser: () => TestBrowser }> {
  sandbox = await startSandboxServer({ port: 0 })
  const client = createVerifyClient({ baseUrl: sandbox.url, clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret' })
  const app = express()
  if (withJsonParser) app.use(express.json())
  app.use('/api/verify', toExpressMiddleware(createVerifyHandler({ client, secret: SECRET })))
  app.get('/health', (_req, res) => void res.send('ok'))
  server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server?.once('listening', () => resolve()))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, browser: () => new TestBrowser(`${origin}/api/verify`, origin, []) }
}

describe('toExpressMiddleware (real Express 5)', () => {
  for (const withJsonParser of [false, true]) {
    it(`runs the whole flow under a mount path${withJsonParser ? ', behind express.json()' : ''}`, async () => {
      const app = await startApp(withJsonParser)
      const browser = app.browser()
      const start = await browser.start({ to: GHANA })
      expect(start.status).toBe(201)
      expect(start.headers.get('set-cookie')).toContain('Path=/api/verify')
      const code = sandbox?.sandbox.inbox.list({ to: GHANA })[0]?.code ?? ''
      const id = String(start.body?.id)
      expect((await browser.status(id)).body?.status).toBe('pending')
      const check = await browser.check(id, code)
      expect(check.body?.status).toBe('approved')
      await expect(verifyReceipt(check.body?.receipt, SECRET, { expectedTo: GHANA, replay: 'allow' })).resolves.toMatchObject({ vid: id })
      // Another browser cannot read it.
      expect((await app.browser().status(id)).status).toBe(404)
      // The rest of the app is untouched.
      expect(await (await fetch(`${app.origin}/health`)).text()).toBe('ok')
    })
  }
})
