/**
 * Finding 7 (host confusion): the app's own origin is configured (`publicOrigin`), never derived
 * from Host / X-Forwarded-Host, and the Node adapter parses those headers strictly.
 */
import { describe, expect, it } from 'vitest'
import type { Harness } from './harness'
import { GHANA, harnessPerTest } from './harness'
import { raw } from './raw-request'

const harness = harnessPerTest()

const json = { 'content-type': 'application/json' }
const sends = (h: Harness) => h.upstream.calls.filter((c) => c.startsWith('POST') && c.includes('verification'))

describe('strict Host parsing in the Node adapter', () => {
  it.each([
    ['a path and query in Host', (port: string) => `127.0.0.1:${port}/api/verify/verifications?`],
    ['a path in Host', (port: string) => `127.0.0.1:${port}/api/verify/verifications#`],
    ['userinfo in Host', (port: string) => `x@127.0.0.1:${port}`],
  ])('refuses %s with 400 and never routes on it', async (_name, host) => {
    const h = await harness()
    const port = new URL(h.origin).port
    const res = await raw(h.origin, {
      method: 'POST',
      path: '/api/verify/rates',
      headers: { ...json, host: host(port), origin: h.origin },
      body: JSON.stringify({ to: GHANA }),
    })
    expect(res.status).toBe(400)
    expect(sends(h)).toEqual([])
  })

  it('refuses a forwarded host holding a path, behind a trusted proxy', async () => {
    const h = await harness({ adapter: { trustProxy: true }, proxy: { publicOrigin: 'https://app.example' } })
    const res = await raw(h.origin, {
      method: 'POST',
      path: '/api/verify/rates',
      headers: { ...json, origin: 'https://app.example', 'x-forwarded-host': 'app.example/api/verify/verifications?', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ to: GHANA }),
    })
    expect(res.status).toBe(400)
    expect(sends(h)).toEqual([])
  })
})

describe('publicOrigin', () => {
  it('without it, refuses a same-origin POST whose origin is not loopback, and says once how to fix it', async () => {
    const h = await harness()
    const post = () =>
      raw(h.origin, {
        method: 'POST',
        path: '/api/verify/verifications',
        headers: { ...json, host: 'app.example', origin: 'http://app.example' },
        body: JSON.stringify({ to: GHANA }),
      })
    expect((await post()).status).toBe(403)
    expect((await post()).status).toBe(403)
    expect(sends(h)).toEqual([])
    const errors = h.logs.filter((line) => line.startsWith('error') && line.includes('publicOrigin'))
    expect(errors).toHaveLength(1)
  })

  it('accepts its own loopback origin in development without it', async () => {
    const h = await harness()
    expect((await h.browser().start({ to: GHANA })).status).toBe(201)
  })

  it('accepts any loopback origin in development without it (a dev server on another port)', async () => {
    const h = await harness()
    expect((await h.browser({ origin: 'http://localhost:5173' }).start({ to: GHANA })).status).toBe(201)
    expect((await h.browser({ origin: 'http://127.0.0.1:1' }).start({ to: '+233241234568' })).status).toBe(201)
    expect((await h.browser({ origin: 'http://app.example:5173' }).start({ to: '+233241234569' })).status).toBe(403)
  })

  it('drives the origin check and Secure, whatever Host a reverse proxy sends (nginx: Host: localhost)', async () => {
    const h = await harness({ proxy: { publicOrigin: ['https://app.example', 'https://www.app.example'] } })
    const res = await raw(h.origin, {
      method: 'POST',
      path: '/api/verify/verifications',
      headers: { ...json, host: 'localhost', origin: 'https://www.app.example' },
      body: JSON.stringify({ to: GHANA }),
    })
    expect(res.status).toBe(201)
    expect(String(res.headers['set-cookie'])).toContain('Secure')
    // The loopback request origin is no longer "own" once a public origin is configured.
    expect((await h.browser().start({ to: '+233241234568' })).status).toBe(403)
  })

  it('is validated at creation', async () => {
    await expect(harness({ proxy: { publicOrigin: 'https://app.example/path' } })).rejects.toThrow(TypeError)
  })
})

describe('publicOrigin on loopback (the guides pin http://localhost:5173)', () => {
  it('accepts a page on another loopback port, as when Vite moves to 5174, and still refuses other sites', async () => {
    const h = await harness({ proxy: { publicOrigin: ['http://localhost:5173', 'http://127.0.0.1:5173'] } })
    expect((await h.browser({ origin: 'http://localhost:5174' }).start({ to: GHANA })).status).toBe(201)
    expect((await h.browser({ origin: 'http://127.0.0.1:5174' }).start({ to: '+233241234568' })).status).toBe(201)
    expect((await h.browser({ origin: 'http://app.example:5174' }).start({ to: '+233241234569' })).status).toBe(403)
    expect(h.logs.filter((line) => line.startsWith('warn') && line.includes('forbidden_origin'))).toHaveLength(1)
  })
})
