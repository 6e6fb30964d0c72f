/**
 * #19: an upstream answering 300 MB once took the proxy to 2.9 GB. Over real HTTP on loopback, a
 * Verify API that answers a huge body (after a normal token) must cost the proxy its size limit,
 * not the body: the read stops there and hangs up, and the browser gets a clean 502
 * `upstream_error`, with the proxy still serving afterwards.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type HugeBodyOutcome, writeHugeBody } from '@hakiki/test-support/huge-body'
import { createVerifyClient } from '@hakiki/verify-client/node'
import { afterEach, describe, expect, it } from 'vitest'
import { createVerifyHandler } from './create-verify-handler'
import { toNodeListener } from './node'
import { verifyClientProvider } from './verify-client-provider'

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function listen(server: Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('verifyClientProvider with an upstream answering a huge body', () => {
  it.each([
    ['chunked', false],
    ['with its Content-Length', true],
  ] as const)('cuts the answer at the limit (%s) and answers 502 upstream_error', async (_name, declare) => {
    const sent: Promise<HugeBodyOutcome>[] = []
    const upstream = await listen(
      createServer((request, response) => {
        if (request.url?.startsWith('/oauth/')) {
          response.writeHead(200, { 'content-type': 'application/json' })
          return void response.end(JSON.stringify({ access_token: 'tok-1', token_type: 'Bearer', expires_in: '3599' }))
        }
        // 256 MiB: an unbounded read would hold all of it, as the 300 MB answer of #19 did.
        sent.push(writeHugeBody(response, 256 * 1024 * 1024, { declare }))
      }),
    )
    const client = createVerifyClient({ baseUrl: upstream, clientId: 'id', clientSecret: 'secret', timeoutMs: 20_000 })
    const handler = createVerifyHandler({ provider: verifyClientProvider(client), secret: 'bounded-body-test-secret-0123456789abcdef' })
    const origin = await listen(createServer(toNodeListener(handler)))
    const start = () =>
      fetch(`${origin}/api/verify/verifications`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ to: '+233241234567' }),
      })

    const answer = await start()
    expect(answer.status).toBe(502)
    expect(await answer.json()).toMatchObject({ status: 502, code: 'upstream_error' })
    expect(sent).toHaveLength(1)
    const outcome = await sent[0]
    expect(outcome?.complete).toBe(false)
    // The limit (64 KiB) plus what the sockets buffer, far from the 256 MiB offered.
    expect(outcome?.written).toBeLessThan(32 * 1024 * 1024)

    // Still serving: the next start reaches the upstream again and is refused the same way.
    expect((await start()).status).toBe(502)
    expect(sent).toHaveLength(2)
  })
})
