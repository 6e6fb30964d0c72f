import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeListener } from './node'
import { createVerifyHandler } from './create-verify-handler'
import { markOutOfBandReader, readsBodyOutOfBand, setViewEntry, takeBodyReader, viewEntryOf } from './out-of-band-body'
import { fetchRequestOf } from './request-view'
import type { RequestView } from './request-view'
import { connect } from 'node:net'
import type { VerifyProvider } from './verify-provider'
import { afterEach, describe, expect, it } from 'vitest'
import type { Harness } from '../test/harness'
import { GHANA, startHarness } from '../test/harness'

const instantProvider: VerifyProvider = {
  name: 'none',
  channels: ['sms'],
  codeLength: 6,
  lifetimeSeconds: 600,
  maxAttempts: 5,
  maxSends: 5,
  countries: 'all',
  start: () => Promise.reject(new Error('not called')),
  check: () => Promise.reject(new Error('not called')),
  status: () => Promise.reject(new Error('not called')),
}

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

/** A raw HTTP request, so the test controls the request target and headers byte for byte. */
function raw(url: string, options: { method: string; path: string; headers: Record<string, string>; body?: string | Buffer }): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method: options.method, path: options.path, headers: options.headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

/** A handler whose view entry is what the test calls (the Request entry is not reached). */
const unreachable = async () => new Response(null, { status: 500 })

/** A header as compared: the session cookie's random id and MAC differ from one answer to the next. */
const shape = (name: string, value: string) => (name === 'set-cookie' ? value.replace(/=[^;]+/, '=…') : value)

/** A JSON answer with its times and number left out (they differ between two answers). */
const bodyShape = (text: string) => JSON.parse(text.replaceAll(/"(expiresAt|resendAt|serverTime|to)":"[^"]*"/g, '"$1":"…"')) as unknown

/** A POST's head with the body framed by `framing` (a Content-Length or Transfer-Encoding line). */
const postHead = (framing: string) => `POST /verifications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\nConnection: close\r\n\r\n`

describe('toNodeListener', () => {
  it('behind a trusted proxy, accepts the configured public origin and sets a Secure cookie', async () => {
    h = await startHarness({ adapter: { trustProxy: true }, proxy: { publicOrigin: 'https://app.example' } })
    const res = await raw(h.origin, {
      method: 'POST',
      path: '/api/verify/verifications',
      headers: {
        origin: 'https://app.example',
        'content-type': 'application/json',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'app.example',
        'x-forwarded-for': '41.66.1.2',
      },
      body: JSON.stringify({ to: GHANA }),
    })
    expect(res.status).toBe(201)
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toContain('Secure')
    // Secure, so `__Host-` (which demands Path=/): a sibling subdomain cannot plant one.
    expect(cookie).toMatch(/^__Host-hakiki_sid=[^;]+; Path=\/;/)
  })

  it('without trustProxy, ignores forwarded headers (a client could forge them)', async () => {
    h = await startHarness()
    const res = await raw(h.origin, {
      method: 'POST',
      path: '/api/verify/verifications',
      headers: { origin: 'https://app.example', 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example' },
      body: JSON.stringify({ to: GHANA }),
    })
    expect(res.status).toBe(403)
    expect(JSON.parse(res.text)).toMatchObject({ code: 'forbidden_origin' })
  })

  it('keeps a request target like //host/... a path, never another host', async () => {
    h = await startHarness()
    const res = await raw(h.origin, {
      method: 'POST',
      path: '//evil.example/api/verify/verifications',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ to: GHANA }),
    })
    expect(res.status).toBe(403)
  })

  it('stops reading a streamed body past 16 KiB and answers 413', async () => {
    h = await startHarness()
    const res = await raw(h.origin, {
      method: 'POST',
      path: '/api/verify/verifications',
      headers: { origin: h.origin, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(64 * 1024, 0x20),
    })
    expect(res.status).toBe(413)
    expect(res.headers['content-type']).toBe('application/problem+json')
    // The rest of the body is not read (Node would read and discard it to keep the connection).
    expect(res.headers.connection).toBe('close')
  })

  it('answers a Host header Fetch cannot represent with a 400 problem, not a crash', async () => {
    h = await startHarness()
    const res = await raw(h.origin, { method: 'GET', path: '/api/verify/rates', headers: { host: 'bad host^' } })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text)).toMatchObject({ code: 'invalid_request' })
  })

  it("hands any other Fetch handler mounted through it the request's body (an app's own routes beside the proxy)", async () => {
    // The demo's /api/signup and an app's own routes go through the same adapter as the proxy.
    const listener = toNodeListener(async (request) => Response.json({ got: await request.json(), method: request.method }))
    const server = createServer(listener)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const framings: Record<string, string>[] = [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }]
      for (const headers of framings) {
        const res = await raw(url, { method: 'POST', path: '/api/signup', headers, body: JSON.stringify({ name: 'Ama', to: GHANA }) })
        expect(res.status).toBe(200)
        expect(JSON.parse(res.text)).toEqual({ got: { name: 'Ama', to: GHANA }, method: 'POST' })
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('hands the proxy\'s own handler no body stream, only its reader (no web stream per request); the handler is marked as such', async () => {
    expect(readsBodyOutOfBand(createVerifyHandler({ provider: instantProvider, secret: 'x'.repeat(32) }))).toBe(true)
    const seen: string[] = []
    const handler = async (request: Request) => {
      const read = takeBodyReader(request)
      seen.push(`${request.body === null ? 'no stream' : 'stream'}, ${read ? new TextDecoder().decode(await read(1024, 1000)) : 'no reader'}`)
      return new Response(null, { status: 204 })
    }
    markOutOfBandReader(handler)
    const server = createServer(toNodeListener(handler))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      expect((await raw(url, { method: 'POST', path: '/verifications', headers: { 'content-type': 'application/json' }, body: '{"to":"x"}' })).status).toBe(204)
      expect(seen).toEqual(['no stream, {"to":"x"}'])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
  it("answers through the adapter from the handler's text (no body stream built); called directly, the handler's answer has its body", async () => {
    const handler = createVerifyHandler({ provider: instantProvider, secret: 'x'.repeat(32) })
    const seen: (string | null)[] = []
    const spy = async (request: Request) => {
      const response = await handler(request)
      seen.push(response.body === null ? null : 'stream')
      return response
    }
    // The adapter only writes from the text for the proxy's own handler (marked), which `spy` wraps.
    markOutOfBandReader(spy)
    const server = createServer(toNodeListener(spy))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const res = await raw(url, { method: 'GET', path: '/verifications/VE00000000000000000000000000000000', headers: {} })
      expect(res.status).toBe(404)
      expect(JSON.parse(res.text)).toMatchObject({ code: 'not_found' })
      expect(res.headers['content-type']).toBe('application/problem+json')
      expect(seen).toEqual([null])
      // The same handler called with a plain Request (any Fetch runtime): a body to read.
      const direct = await handler(new Request('http://a.example/verifications/VE00000000000000000000000000000000'))
      expect(direct.status).toBe(404)
      expect(direct.headers.get('content-type')).toBe('application/problem+json')
      expect(await direct.json()).toMatchObject({ code: 'not_found' })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it("hands the proxy's own handler a view of the request that reads as the Request a hook gets (method, URL, every header), built only when asked", async () => {
    expect(viewEntryOf(createVerifyHandler({ provider: instantProvider, secret: 'x'.repeat(32) }))).toBeTypeOf('function')
    const names = ['host', 'origin', 'content-type', 'content-length', 'cookie', 'x-dup', 'x-space', 'set-cookie', 'x-absent', 'X-Dup']
    const seen: unknown[] = []
    const views: RequestView[] = []
    const handler = unreachable
    setViewEntry(handler, async (view) => {
      views.push(view)
      const request = fetchRequestOf(view)
      seen.push({
        instance: request instanceof Request && !(view instanceof Request),
        again: fetchRequestOf(view) === request,
        method: [view.method, request.method],
        url: [view.url, request.url],
        headers: names.map((name) => [name, view.headers.get(name), request.headers.get(name)]),
        body: new TextDecoder().decode(await (takeBodyReader(view) ?? (() => Promise.resolve(new Uint8Array())))(1024, 1000)),
      })
      return new Response(null, { status: 204 })
    })
    const server = createServer(toNodeListener(handler))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      // Raw bytes: repeated headers, padded values, a set-cookie a client has no business sending.
      const wire = [
        'POST /api/verify/verifications?x=1 HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Origin: http://localhost:5173',
        'Content-Type: application/json ',
        'Content-Length: 2',
        'Cookie: a=1',
        'Cookie: b=2',
        'X-Dup: one',
        'X-Dup:  two ',
        'X-Space:   padded\t ',
        'Set-Cookie: c=3',
        'Set-Cookie: d=4',
        'Connection: close',
        '',
        '{}',
      ].join('\r\n')
      const answer = await new Promise<string>((resolve, reject) => {
        let text = ''
        const socket = connect(port, '127.0.0.1', () => socket.end(wire))
        socket.setEncoding('utf8')
        socket.on('data', (chunk: string) => (text += chunk))
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
      })
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 204 No Content')
      expect(seen).toHaveLength(1)
      const [only] = seen as { headers: [string, string | null, string | null][] }[]
      for (const [name, fromView, fromRequest] of only?.headers ?? []) expect([name, fromView]).toEqual([name, fromRequest])
      expect(only).toMatchObject({
        instance: true,
        again: true,
        method: ['POST', 'POST'],
        url: [`http://127.0.0.1:${port}/api/verify/verifications?x=1`, `http://127.0.0.1:${port}/api/verify/verifications?x=1`],
        body: '{}',
      })
      // The values themselves, as Fetch's Headers says them.
      expect(views[0]?.headers.get('x-dup')).toBe('one, two')
      expect(views[0]?.headers.get('x-space')).toBe('padded')
      expect(views[0]?.headers.get('cookie')).toBe('a=1; b=2')
      expect(views[0]?.headers.get('set-cookie')).toBe('c=3, d=4')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('refuses through the view what a Request refuses: a TRACE is a 400 problem, as before', async () => {
    h = await startHarness()
    const res = await raw(h.origin, { method: 'TRACE', path: '/api/verify/rates', headers: {} })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text)).toMatchObject({ code: 'invalid_request' })
  })

  it('writes the same status, headers and body through the adapter as the handler answers a Fetch Request (201 with its cookie, problems with CORS, Retry-After, Allow)', async () => {
    const provider: VerifyProvider = {
      ...instantProvider,
      start: async (input) => ({ id: 'VE0123456789abcdef0123456789abcdef', to: input.to, channel: input.channel, status: 'pending' }),
    }
    const handler = createVerifyHandler({ provider, secret: 'x'.repeat(32), basePath: '/api/verify', logger: {} })
    const server = createServer(toNodeListener(handler))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      // Hop-by-hop and framing headers are the server's, not the handler's.
      const framing = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
      const cases: { method: string; path: string; headers: Record<string, string>; body?: string; again?: true }[] = [
        { method: 'POST', path: '/api/verify/verifications', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ to: GHANA }) },
        { method: 'POST', path: '/api/verify/verifications', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ to: GHANA }), again: true },
        { method: 'GET', path: '/api/verify/verifications', headers: { origin } },
        { method: 'POST', path: '/api/verify/verifications', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' },
        { method: 'POST', path: '/api/verify/verifications', headers: { origin, 'content-type': 'text/plain' }, body: '{}' },
      ]
      const statuses: number[] = []
      for (const [i, c] of cases.entries()) {
        // Each through the adapter, then the same again (another number) through the Fetch entry.
        // `again`: the numbers of the case before, in its cooldown.
        const to = (n: number) => c.body?.replace(GHANA, `${GHANA.slice(0, -1)}${n}`)
        const n = c.again ? 2 * (i - 1) : 2 * i
        const wire = await raw(origin, { ...c, body: to(n) })
        const direct = await handler(new Request(`${origin}${c.path}`, { method: c.method, headers: c.headers, ...(c.body === undefined ? {} : { body: to(n + 1) }) }))
        const fromWire = Object.entries(wire.headers)
          .filter(([name]) => !framing.has(name))
          .flatMap(([name, value]) => (Array.isArray(value) ? value : [value ?? '']).map((v) => `${name}: ${shape(name, v)}`))
          .toSorted()
        const fromFetch = [...direct.headers].map(([name, value]) => `${name}: ${shape(name, value)}`).toSorted()
        expect({ status: wire.status, headers: fromWire }).toEqual({ status: direct.status, headers: fromFetch })
        expect(fromWire).toContain('x-content-type-options: nosniff')
        expect(fromWire).toContain('vary: Origin')
        expect(bodyShape(wire.text)).toEqual(bodyShape(await direct.text()))
        statuses.push(wire.status)
      }
      // A send, the cooldown (Retry-After), 405 (Allow), a foreign origin, a wrong content type.
      expect(statuses).toEqual([201, 429, 405, 403, 415])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('reads a body declared by its Content-Length whole, however it arrives, and a chunked one to its end', async () => {
    const bodies: string[] = []
    const handler = unreachable
    setViewEntry(handler, async (view) => {
      const read = takeBodyReader(view)
      bodies.push(read ? new TextDecoder().decode(await read(1024, 5000)) : 'no reader')
      return new Response(null, { status: 204 })
    })
    const server = createServer(toNodeListener(handler))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const body = '{"to":"+233241234567"}'
      const send = (head: string, parts: string[]) =>
        new Promise<string>((resolve, reject) => {
          let text = ''
          const socket = connect(port, '127.0.0.1', () => {
            // The head, then each part a moment apart: separate packets.
            socket.write(head)
            parts.forEach((part, i) => setTimeout(() => (i === parts.length - 1 ? socket.end(part) : socket.write(part)), 30 * (i + 1)))
          })
          socket.setEncoding('utf8')
          socket.on('data', (chunk: string) => (text += chunk))
          socket.on('end', () => resolve(text.split('\r\n')[0] ?? ''))
          socket.on('error', reject)
        })
      expect(await send(postHead(`Content-Length: ${body.length}`), [body.slice(0, 7), body.slice(7, 15), body.slice(15)])).toBe('HTTP/1.1 204 No Content')
      const chunked = [body.slice(0, 10), body.slice(10)].map((part) => `${part.length.toString(16)}\r\n${part}\r\n`)
      expect(await send(postHead('Transfer-Encoding: chunked'), [...chunked, '0\r\n\r\n'])).toBe('HTTP/1.1 204 No Content')
      expect(bodies).toEqual([body, body])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
