/**
 * Redirects are never followed, whichever transport the client runs on: a 307/308 re-sends the
 * request body, and the token request's body is the client secret.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer } from '../test/start-test-server'
import type { TestServer } from '../test/start-test-server'
import { createVerifyClient } from './create-verify-client'
import { VerifyApiError } from './verify-api-error'

const CLIENT_SECRET = 'redirect-secret-Qm27'
const servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

describe('redirects', () => {
  it('are not followed with the platform fetch either (workers), so no body reaches another host', async () => {
    const thief = await startTestServer((_request, response) => void response.writeHead(204).end())
    const api = await startTestServer((request, response) => {
      response.writeHead(request.method === 'POST' ? 307 : 302, { location: `${thief.url}/steal` }).end()
    })
    servers.push(thief, api)
    const client = createVerifyClient({ baseUrl: api.url, clientId: 'redirect-client', clientSecret: CLIENT_SECRET, fetch: globalThis.fetch })
    const error = await client.getSmsRates().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VerifyApiError)
    expect(error).toMatchObject({ code: 'http_error', operation: 'token' })
    expect(thief.requests).toEqual([])
    expect(api.requests).toHaveLength(1)
  })
})
