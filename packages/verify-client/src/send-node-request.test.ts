/**
 * The Node entry's transport on the wire: what `nodeFetch` + `sendRequest` guaranteed, kept
 * without the Fetch objects (the client's own tests run over it too; these are the cases only a
 * misbehaving server shows).
 */
import type { ServerResponse } from 'node:http'
import { type HugeBodyOutcome, writeHugeBody } from '@hakiki/test-support/huge-body'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer } from '../test/start-test-server'
import type { TestServer } from '../test/start-test-server'
import { sendNodeRequest } from './send-node-request'
import { VerifyApiError } from './verify-api-error'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const limits = { operation: 'rates', timeoutMs: 10_000, maxBytes: 1024 } as const
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error)

describe('sendNodeRequest', () => {
  it('sends method, headers and body as given, with only Host, Connection and Content-Length added, and reads the answer', async () => {
    server = await startTestServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', fee: '0.05' }).end('\uFEFF{"ok":true}')
    })
    const exchange = await sendNodeRequest(`${server.url}/verify/v1?x=1`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body: '{"to":"é"}' }, limits)
    expect(exchange).toMatchObject({ response: { status: 200, ok: true }, text: '{"ok":true}' })
    expect(exchange.response.headers.get('Fee')).toBe('0.05')
    expect(exchange.response.headers.get('retry-after')).toBeNull()
    const [seen] = server.requests
    expect(seen).toMatchObject({ method: 'POST', url: '/verify/v1?x=1', body: '{"to":"é"}' })
    expect(Object.keys(seen?.headers ?? {}).toSorted()).toEqual(['authorization', 'connection', 'content-length', 'content-type', 'host'])
    expect(seen?.headers['content-length']).toBe(String(Buffer.byteLength('{"to":"é"}')))
  })

  it('hands back a redirect as it is, never following it', async () => {
    server = await startTestServer((request, response) => {
      response.writeHead(request.url === '/elsewhere' ? 200 : 307, { location: '/elsewhere' }).end('{}')
    })
    const exchange = await sendNodeRequest(`${server.url}/token`, { method: 'POST', headers: {}, body: 'client_secret=s' }, limits)
    expect(exchange.response.status).toBe(307)
    expect(server.requests.map((request) => request.url)).toEqual(['/token'])
  })

  it('stops reading a streamed answer past maxBytes (invalid_response, the connection closed)', async () => {
    let sent: Promise<HugeBodyOutcome> | undefined
    server = await startTestServer((_request, response) => {
      sent = writeHugeBody(response, 64 * 1024 * 1024)
    })
    const error = await failure(sendNodeRequest(server.url, { method: 'GET', headers: {} }, limits))
    expect(error).toBeInstanceOf(VerifyApiError)
    expect(error).toMatchObject({ code: 'invalid_response', status: 200, cause: { name: 'BodyTooLargeError', maxBytes: 1024 } })
    const outcome = await sent
    expect(outcome?.complete).toBe(false)
    expect(outcome?.written).toBeLessThan(16 * 1024 * 1024)
  })

  it('reports an answer cut short as network_error, a caller abort mid-body as its reason, a silent body as timeout', async () => {
    let hold: ServerResponse | undefined
    server = await startTestServer((request, response) => {
      if (request.url === '/cut') {
        response.writeHead(200, { 'content-length': '100' }).write('{"partial":')
        setImmediate(() => response.socket?.destroy())
        return
      }
      hold = response
      response.writeHead(200, { 'content-length': '100' }).write('{')
    })
    expect(await failure(sendNodeRequest(`${server.url}/cut`, { method: 'GET', headers: {} }, limits))).toMatchObject({ code: 'network_error' })

    const controller = new AbortController()
    const reason = new Error('caller gave up mid-body')
    const aborted = failure(sendNodeRequest(`${server.url}/hold`, { method: 'GET', headers: {} }, { ...limits, signal: controller.signal }))
    await expect.poll(() => hold).toBeDefined()
    controller.abort(reason)
    expect(await aborted).toBe(reason)

    expect(await failure(sendNodeRequest(`${server.url}/hold`, { method: 'GET', headers: {} }, { ...limits, timeoutMs: 200 }))).toMatchObject({ code: 'timeout', operation: 'rates' })
  })
})
