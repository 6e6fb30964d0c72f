// readBoundedText against a real node:http server on loopback: bodies that never end, bodies that
// lie about their size, and a webhook request larger than allowed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { type HugeBodyOutcome, writeHugeBody } from '@hakiki/test-support/huge-body'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BodyTooLargeError, readBoundedText } from './read-bounded-text'

/** What the server managed to send per path, once its client went away. */
const outcomes = new Map<string, Promise<HugeBodyOutcome>>()
/** Far more than any reader here may take in: 256 MiB. */
const HUGE = 256 * 1024 * 1024

let server: Server
let base: string
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? ''
    if (path === '/small') return void res.end('{"ok":true}')
    if (path === '/declared') return void res.writeHead(200, { 'content-length': String(300 * 1024 * 1024) }).end()
    if (path.startsWith('/endless')) return void outcomes.set(path, writeHugeBody(res, HUGE))
    if (path === '/echo') {
      // Answers the size of what it read, through the same function a webhook handler uses.
      const request = new Request(`http://x${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } as RequestInit)
      readBoundedText(request, 1024).then(
        (text) => res.end(String(text.length)),
        (error: unknown) => res.writeHead(413).end(error instanceof BodyTooLargeError ? `${error.code} ${error.maxBytes}` : String(error)),
      )
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** `ok` and a byte that is not UTF-8. */
const bytes = () => new Response(new Uint8Array([0x6f, 0x6b, 0xff]))

describe('readBoundedText', () => {
  it('reads a body under the limit', async () => {
    expect(await readBoundedText(await fetch(`${base}/small`), 100)).toBe('{"ok":true}')
    expect(await readBoundedText(null, 0)).toBe('')
  })

  it('refuses a declared Content-Length over the limit before reading a byte', async () => {
    const error = await readBoundedText(await fetch(`${base}/declared`), 64 * 1024).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BodyTooLargeError)
    expect(error).toMatchObject({ code: 'body_too_large', maxBytes: 64 * 1024, declaredBytes: 300 * 1024 * 1024 })
    expect((error as Error).message).toContain('65536-byte limit')
  })

  it('stops an endless body at the limit and hangs up, so the upstream cannot fill memory', async () => {
    const error = await readBoundedText(await fetch(`${base}/endless-a`), 64 * 1024).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'BodyTooLargeError', maxBytes: 64 * 1024, declaredBytes: undefined })
    // The server notices the hang-up: it stops writing, having sent the limit plus what the
    // sockets buffer, far from the gigabytes an unbounded read would take in.
    const outcome = await outcomes.get('/endless-a')
    expect(outcome?.complete).toBe(false)
    expect(outcome?.written).toBeLessThan(32 * 1024 * 1024)
  })

  it('stops on abort with the signal reason', async () => {
    const controller = new AbortController()
    const response = await fetch(`${base}/endless-b`)
    const reading = readBoundedText(response.body, 1024 * 1024 * 1024, controller.signal)
    const reason = new Error('caller gave up')
    setTimeout(() => controller.abort(reason), 10)
    await expect(reading).rejects.toBe(reason)
    expect((await outcomes.get('/endless-b'))?.complete).toBe(false)
  })

  it('decodes invalid UTF-8 leniently, or rejects it with fatal', async () => {
    expect(await readBoundedText(bytes(), 10)).toBe('ok\uFFFD')
    await expect(readBoundedText(bytes(), 10, { fatal: true })).rejects.toThrow(TypeError)
  })

  it('bounds a request body (a webhook) the same way', async () => {
    const small = await fetch(`${base}/echo`, { method: 'POST', body: 'a'.repeat(1000) })
    expect(await small.text()).toBe('1000')
    const large = await fetch(`${base}/echo`, { method: 'POST', body: 'a'.repeat(5000) })
    expect(large.status).toBe(413)
    expect(await large.text()).toBe('body_too_large 1024')
  })
})
