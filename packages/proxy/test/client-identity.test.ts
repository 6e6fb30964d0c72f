/**
 * Issue 19, item 1: a client identity the client cannot opt out of. Sessions expire (their issue
 * time is signed), and a Fetch mount with no client-IP policy refuses starts outside development
 * instead of putting every new user in one bucket.
 */
import { describe, expect, it } from 'vitest'
import { forwardedClientIp } from '../src/client-ip'
import { harnessPerTest } from './harness'

const harness = harnessPerTest()
const number = (n: number) => `+23324${String(2_000_000 + n).padStart(7, '0')}`
const sessionIdOf = (browser: { cookies: Map<string, string> }) => [...browser.cookies.values()][0]?.split('.')[0]

describe('session cookies', () => {
  it('keep their id while young, and are replaced once their signed issue time is a day old', async () => {
    const h = await harness()
    const browser = h.browser()
    expect((await browser.start({ to: number(1) })).status).toBe(201)
    const first = sessionIdOf(browser)
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/)

    h.clock.advance(2 * 3600)
    expect((await browser.start({ to: number(2) })).status).toBe(201)
    expect(sessionIdOf(browser)).toBe(first)

    // A kept cookie used to be honoured for ever (400 days in the finding).
    h.clock.advance(400 * 86_400)
    expect((await browser.start({ to: number(3) })).status).toBe(201)
    expect(sessionIdOf(browser)).not.toBe(first)
  })

  it('renews a session near its end at start, so the verification it starts can be checked', async () => {
    const h = await harness()
    const browser = h.browser()
    expect((await browser.start({ to: number(1) })).status).toBe(201)
    const first = sessionIdOf(browser)
    h.clock.advance(86_400 - 600)
    const started = await browser.start({ to: number(2) })
    expect(started.status).toBe(201)
    expect(sessionIdOf(browser)).not.toBe(first)
    h.clock.advance(590)
    const checked = await browser.check(String(started.body?.id), h.codeFor(number(2)))
    expect(checked.status).toBe(200)
  })

  it('cannot have its issue time moved: an edited cookie is no session', async () => {
    const h = await harness()
    const browser = h.browser()
    const started = await browser.start({ to: number(1) })
    const [name = '', value = ''] = [...browser.cookies.entries()][0] ?? []
    const [id, issued, mac] = value.split('.')
    browser.cookies.set(name, `${id}.${Number(issued) + 86_400}.${mac}`)
    expect((await browser.status(String(started.body?.id))).status).toBe(404)
  })
})

describe('a Fetch mount that sees no socket address', () => {
  const production = { publicOrigin: 'https://app.example.com' }
  const fromApp = { origin: 'https://app.example.com' }

  it('refuses starts outside development until a client-IP policy is set, and says what to write', async () => {
    const h = await harness({ adapter: { useSocketAddress: false }, proxy: production })
    for (let i = 1; i <= 3; i++) {
      const res = await h.browser(fromApp).start({ to: number(i) })
      expect(res.status).toBe(502)
      expect(res.body?.code).toBe('upstream_error')
    }
    expect(h.sandbox.sandbox.inbox.list({ to: number(1) })).toHaveLength(0)
    const errors = h.logs.filter((line) => line.startsWith('error') && line.includes('getClientIp'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('clientIpFromHeader("x-real-ip")')
    expect(errors[0]).toContain('forwardedClientIp(N)')
  })

  it('counts per client with forwardedClientIp, never one bucket for every new user', async () => {
    const h = await harness({
      adapter: { useSocketAddress: false },
      proxy: { ...production, getClientIp: forwardedClientIp(1), limits: { sendsPerIp: { hour: 2 } } },
    })
    const from = (ip: string) => h.browser({ ...fromApp, headers: { 'x-forwarded-for': `forged, ${ip}` } })
    const statuses = []
    for (let i = 1; i <= 3; i++) statuses.push((await from('41.66.1.2').start({ to: number(i) })).status)
    expect(statuses).toEqual([201, 201, 429])
    // Thirty new users on other addresses are all served.
    for (let i = 10; i < 40; i++) expect((await from(`41.66.2.${i}`).start({ to: number(i) })).status).toBe(201)
  }, 30_000)

  it('works in local development with no policy (one machine, one user)', async () => {
    const h = await harness({ adapter: { useSocketAddress: false } })
    expect((await h.browser().start({ to: number(1) })).status).toBe(201)
  })
})
