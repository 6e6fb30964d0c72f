import { type HugeBodyOutcome, writeHugeBody } from '@hakiki/test-support/huge-body'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '@hakiki/test-support/free-port'
import { sendJson, startTestServer } from '../test/start-test-server'
import type { TestServer } from '../test/start-test-server'
import { nodeFetch } from './node-fetch'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('nodeFetch', () => {
  it('hands back a 407 as a response with its body, where the built-in fetch fails', async () => {
    const body = { statusCode: '407', statusMessage: 'Proxy not authenticated' }
    server = await startTestServer((_request, response) => sendJson(response, 407, body))

    const response = await nodeFetch(`${server.url}/verify`)
    expect(response.status).toBe(407)
    expect(response.ok).toBe(false)
    expect(await response.json()).toEqual(body)
    // Why nodeFetch exists: if Node's fetch ever reports 407s, this test says so.
    await expect(fetch(`${server.url}/verify`)).rejects.toThrow(TypeError)
  })

  it('sends the method, headers and a form body with its standard content type', async () => {
    server = await startTestServer((_request, response) => sendJson(response, 200, { ok: true }))

    const response = await nodeFetch(new URL(`${server.url}/token?grant_type=x`), {
      method: 'post',
      headers: { 'x-test': 'yes' },
      body: new URLSearchParams({ client_id: 'a b', client_secret: 'é&' }),
    })
    expect(response.status).toBe(200)
    const [seen] = server.requests
    expect(seen?.method).toBe('POST')
    expect(seen?.url).toBe('/token?grant_type=x')
    expect(seen?.headers['x-test']).toBe('yes')
    expect(seen?.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8')
    expect(seen?.headers['content-length']).toBe(String(Buffer.byteLength(seen?.body ?? '')))
    expect(new URLSearchParams(seen?.body).get('client_secret')).toBe('é&')
  })

  it('keeps status text and repeated headers, and gives bodiless statuses a null body', async () => {
    server = await startTestServer((request, response) => {
      if (request.url === '/empty') {
        response.writeHead(204)
        response.end()
        return
      }
      response.statusMessage = 'Created Indeed'
      response.setHeader('set-cookie', ['a=1', 'b=2'])
      response.setHeader('fee', '0.05')
      response.writeHead(201)
      response.end('created')
    })

    const created = await nodeFetch(`${server.url}/made`, { method: 'POST', body: '{}' })
    expect(created.status).toBe(201)
    expect(created.statusText).toBe('Created Indeed')
    expect(created.headers.get('fee')).toBe('0.05')
    expect(created.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(await created.text()).toBe('created')

    const empty = await nodeFetch(`${server.url}/empty`)
    expect(empty.status).toBe(204)
    expect(empty.body).toBeNull()
  })

  it('returns redirects as they are instead of following them', async () => {
    server = await startTestServer((_request, response) => {
      response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' })
      response.end()
    })
    const response = await nodeFetch(server.url, { method: 'POST', body: 'secret=1' })
    expect(response.status).toBe(302)
    expect(server.requests).toHaveLength(1)
  })

  it('rejects with the reason of a signal aborted before or during the request', async () => {
    let answered = 0
    // Never answers: only the abort can end the request.
    server = await startTestServer(() => {
      answered += 1
    })
    const early = new AbortController()
    early.abort(new Error('caller gave up early'))
    await expect(nodeFetch(server.url, { signal: early.signal })).rejects.toThrow(
      'caller gave up early',
    )
    expect(answered).toBe(0)

    const late = new AbortController()
    const pending = nodeFetch(server.url, { signal: late.signal })
    await expect.poll(() => answered).toBe(1)
    late.abort(new Error('caller gave up late'))
    await expect(pending).rejects.toThrow('caller gave up late')
  })

  it('reports a refused connection as fetch does: TypeError with the socket error as cause', async () => {
    const port = await freePort()
    const failure = await nodeFetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TypeError)
    expect((failure as TypeError).message).toBe('fetch failed')
    expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED')
  })

  it('fails when the connection closes before the body is complete', async () => {
    server = await startTestServer((_request, response) => {
      response.writeHead(200, { 'content-length': '100' })
      response.write('only part of it')
      response.destroy()
    })
    // As with fetch: the headers arrive, then reading the body fails.
    await expect(nodeFetch(server.url).then((response) => response.text())).rejects.toThrow('fetch failed')
  })

  it('streams the body with back-pressure and hangs up when the reader cancels it', async () => {
    let sent: Promise<HugeBodyOutcome> | undefined
    server = await startTestServer((_request, response) => {
      sent = writeHugeBody(response, 64 * 1024 * 1024)
    })
    const response = await nodeFetch(server.url)
    const reader = response.body!.getReader()
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0)
    await reader.cancel()
    const outcome = await sent
    expect(outcome?.complete).toBe(false)
    expect(outcome?.written).toBeLessThan(16 * 1024 * 1024)
  })

  it('errors the body with the abort reason when the signal fires while it streams', async () => {
    server = await startTestServer((_request, response) => {
      void writeHugeBody(response, 64 * 1024 * 1024)
    })
    const controller = new AbortController()
    const response = await nodeFetch(server.url, { signal: controller.signal })
    const reader = response.body!.getReader()
    await reader.read()
    controller.abort(new Error('caller gave up mid-body'))
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended'
      })(),
    ).rejects.toThrow('caller gave up mid-body')
  })

  it('refuses URLs that are not http or https', async () => {
    await expect(nodeFetch('file:///etc/passwd')).rejects.toThrow(TypeError)
  })
})
