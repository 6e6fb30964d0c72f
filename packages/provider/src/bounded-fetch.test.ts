// boundedFetch against a real node:http server on loopback: every limit is tripped for real.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boundedFetch, kindOfStatus, readRetryAfter } from './bounded-fetch'
import { isProviderError } from './provider-error'

let server: Server
let base: string
beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/ok':
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}')
        return
      case '/redirect':
        res.writeHead(307, { location: 'http://127.0.0.1:1/steal' }).end()
        return
      case '/big-declared':
        res.writeHead(200, { 'content-length': '100000' }).end('x'.repeat(100_000))
        return
      case '/big-chunked':
        res.writeHead(200)
        for (let i = 0; i < 20; i++) res.write('y'.repeat(10_000))
        res.end()
        return
      case '/headers-then-silence':
        res.writeHead(200)
        res.write('{"partial":')
        return // never ends: the deadline covers the body too
      case '/silence':
        return // never answers
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const options = { provider: 'test', operation: 'send', timeoutMs: 2000 } as const
const kindOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (e: unknown) => (isProviderError(e) ? e.kind : e))

describe('boundedFetch', () => {
  it('answers status, headers and body', async () => {
    const answer = await boundedFetch(`${base}/ok`, { method: 'POST' }, options)
    expect(answer).toMatchObject({ status: 201, text: '{"ok":true}' })
    expect(answer.headers.get('content-type')).toBe('application/json')
  })
  it('never follows a redirect: misconfigured', async () => {
    expect(await kindOf(boundedFetch(`${base}/redirect`, {}, options))).toBe('misconfigured')
  })
  it('refuses a body over maxBytes, declared or streamed', async () => {
    expect(await kindOf(boundedFetch(`${base}/big-declared`, {}, { ...options, maxBytes: 50_000 }))).toBe('invalid_response')
    expect(await kindOf(boundedFetch(`${base}/big-chunked`, {}, { ...options, maxBytes: 50_000 }))).toBe('invalid_response')
    expect((await boundedFetch(`${base}/big-chunked`, {}, { ...options, maxBytes: 300_000 })).text).toHaveLength(200_000)
  })
  it('times out on no answer and on a body that never ends', async () => {
    expect(await kindOf(boundedFetch(`${base}/silence`, {}, { ...options, timeoutMs: 200 }))).toBe('timeout')
    expect(await kindOf(boundedFetch(`${base}/headers-then-silence`, {}, { ...options, timeoutMs: 200 }))).toBe('timeout')
  })
  it('turns a refused connection into unavailable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    expect(await kindOf(boundedFetch(`http://127.0.0.1:${port}/`, {}, options))).toBe('unavailable')
  })
  it("rejects with the caller's abort reason", async () => {
    const controller = new AbortController()
    const reason = new Error('gone')
    const pending = boundedFetch(`${base}/silence`, {}, { ...options, signal: controller.signal })
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
  })
})

describe('kindOfStatus and readRetryAfter', () => {
  it('reads statuses and Retry-After', () => {
    expect([429, 503, 408, 401, 400].map(kindOfStatus)).toEqual(['rate_limited', 'unavailable', 'unavailable', 'misconfigured', 'misconfigured'])
    expect(readRetryAfter(new Headers({ 'retry-after': '30' }))).toBe(30)
    expect(readRetryAfter(new Headers({ 'retry-after': 'Thu, 01 Jan 1970 00:01:00 GMT' }), 0)).toBe(60)
    expect(readRetryAfter(new Headers({ 'retry-after': 'soon' }))).toBeUndefined()
    expect(readRetryAfter(new Headers())).toBeUndefined()
  })
})
