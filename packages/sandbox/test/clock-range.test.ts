/** Valid calls can no longer push the sandbox's clock past `Date`'s range (issue 10, finding 12). */
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_ADVANCE_SECONDS } from '../src/clock'
import { DEFAULT_CLIENT } from '../src/sandbox-options'
import { startSandboxServer } from '../src/start-sandbox-server'
import type { SandboxServer } from '../src/start-sandbox-server'

let server: SandboxServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('the sandbox clock at the edge of Date', () => {
  it('keeps accepting creates after advances that would leave the range', async () => {
    // A wall clock a few years before Date's last instant: a handful of valid advances reach it.
    server = await startSandboxServer({ port: 0, now: () => 8.64e15 - 30 * 366 * 24 * 3600 * 1000 })
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/sandbox/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: MAX_ADVANCE_SECONDS }),
      })
      expect(res.status).toBe(200)
    }
    const token = await fetch(`${server.url}/oauth/client/accesstoken?grant_type=client_credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: DEFAULT_CLIENT.clientId, client_secret: DEFAULT_CLIENT.clientSecret }).toString(),
    })
    expect(token.status).toBe(200)
    const { access_token } = (await token.json()) as { access_token: string }
    const create = await fetch(`${server.url}/verify/v1/identity/verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ to: '+233241234567', channel: 'sms' }),
    })
    expect(create.status).toBe(201)
  })
})
