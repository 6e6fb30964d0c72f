/**
 * The server of the packed-tarball app (`packed.test.ts`): compiled with `tsconfig.server.json`
 * (no DOM lib) and run by Node from the app's own node_modules, installed by npm. It starts the
 * sandbox and the proxy on loopback, then plays the browser through the browser adapter (an
 * `Origin` and the session cookie, as a page sends them): start, the code read from the sandbox's
 * HTTP inbox, a wrong code, the right one, and the receipt checked. It prints what it saw as JSON.
 */
import { createProxyAdapter } from '@hakiki/core'
import { createVerifyHandler, verifyReceipt } from '@hakiki/proxy'
import { toNodeListener } from '@hakiki/proxy/node'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient } from '@hakiki/verify-client'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const SECRET = 'packed-app-secret-0123456789-abcdefghij'
const TO = '+233241234567'

const sandbox = await startSandboxServer({ port: 0 })
const verify = createVerifyHandler({
  client: createVerifyClient({ baseUrl: sandbox.url, clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret' }),
  secret: SECRET,
  basePath: '/api/verify',
})
const server = createServer(toNodeListener(verify))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

/** A page's fetch: its Origin, and the cookie jar a browser keeps. */
const jar = new Map<string, string>()
const pageFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers)
  headers.set('Origin', origin)
  if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
  const response = await fetch(input, { ...init, headers })
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';')
    jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
  }
  return response
}

try {
  const adapter = createProxyAdapter({ baseUrl: `${origin}/api/verify`, fetch: pageFetch })
  const started = await adapter.start({ to: '+233 24 123 4567', channel: 'sms' })
  const inbox = (await (await fetch(`${sandbox.url}/sandbox/messages?to=${encodeURIComponent(TO)}`)).json()) as { messages: { code: string }[] }
  const code = inbox.messages[0]?.code ?? ''
  const wrong = await adapter.check(started.id, code === '000000' ? '111111' : '000000')
  const approved = await adapter.check(started.id, code)
  const claims = await verifyReceipt(approved.receipt ?? '', SECRET, { expectedTo: TO, replay: 'allow' })
  console.info(JSON.stringify({ started: started.status, code, wrong: wrong.status, attemptsLeft: wrong.attemptsLeft, approved: approved.status, sub: claims.sub }))
} finally {
  server.close()
  server.closeAllConnections()
  await sandbox.close()
}
