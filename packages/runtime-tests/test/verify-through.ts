import { createProxyAdapter } from '@hakiki/core'
import { verifyReceipt } from '@hakiki/proxy'
import type { SandboxServer } from '@hakiki/sandbox/node'
import { expect } from 'vitest'
import { BASE_PATH } from './fixtures/create-app'

/** The proxy's secret in every runtime. */
export const SECRET = 'runtime-tests-secret-0123456789-abcdef'

/** A page's `fetch`: it sends its `Origin` and keeps the proxy's session cookie, as a browser does. */
function pageFetch(origin: string): typeof fetch {
  const jar = new Map<string, string>()
  return async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('Origin', origin)
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const eq = pair.indexOf('=')
      jar.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    return response
  }
}

/**
 * A whole verification through the proxy served at `origin` by some runtime, as the browser
 * adapter runs it: start, the code read from the sandbox's inbox, a wrong code, the right one,
 * and the receipt checked here, in Node, with the built `verifyReceipt`.
 */
export async function verifyThrough(origin: string, sandbox: SandboxServer, to: string): Promise<void> {
  const adapter = createProxyAdapter({ baseUrl: `${origin}${BASE_PATH}`, fetch: pageFetch(origin) })
  const started = await adapter.start({ to, channel: 'sms', locale: 'fr' })
  expect(started).toMatchObject({ to, channel: 'sms', status: 'pending', attemptsLeft: 5 })

  const [message] = sandbox.sandbox.inbox.list({ to })
  expect(message?.locale).toBe('fr')
  const code = message?.code ?? ''
  expect(code).toMatch(/^\d{6}$/)
  const wrong = code === '000000' ? '111111' : '000000'
  expect(await adapter.check(started.id, wrong)).toMatchObject({ status: 'pending', attemptsLeft: 4 })

  const approved = await adapter.check(started.id, code)
  expect(approved.status).toBe('approved')
  const claims = await verifyReceipt(approved.receipt ?? '', SECRET, { expectedTo: to, replay: 'allow' })
  expect(claims).toMatchObject({ sub: to, channel: 'sms', vid: started.id })
}
