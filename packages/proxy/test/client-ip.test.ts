/**
 * Finding 2 (the global cap as a kill switch): the client IP is an explicit per-adapter policy,
 * and no single client can use up a cap that every user shares.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from './harness'
import { raw } from './raw-request'

const harness = harnessPerTest()

/** The n-th Ghanaian mobile number (024 xxx xxxx). */
const number = (n: number) => `+23324${String(1_000_000 + n).padStart(7, '0')}`

describe('the global cap', () => {
  it('cannot be used up by one cookieless client when no client IP is known', async () => {
    const h = await harness({
      proxy: { getClientIp: () => undefined, limits: { sendsTotal: { hour: 30 }, sendsPerUnknownClient: { hour: 10 } } },
    })
    // A real user started before the attack, and keeps their session cookie.
    const user = h.browser()
    expect((await user.start({ to: number(0) })).status).toBe(201)

    let sent = 0
    for (let i = 1; i <= 40; i++) if ((await h.browser().start({ to: number(i) })).status === 201) sent++
    expect(sent).toBeLessThanOrEqual(10)

    // The user's own session still works: the script did not switch the app off for everyone.
    expect((await user.start({ to: number(100) })).status).toBe(201)
  }, 30_000) // 42 requests in a row: room for a busy machine

  it('cannot be used up by one client IP', async () => {
    const h = await harness({ adapter: { trustProxy: 1 }, proxy: { limits: { sendsTotal: { hour: 30 }, sendsPerIp: { hour: 10 } } } })
    const from = (ip: string) => h.browser({ headers: { 'x-forwarded-for': ip } })
    let sent = 0
    for (let i = 1; i <= 40; i++) if ((await from('41.66.1.2').start({ to: number(i) })).status === 201) sent++
    expect(sent).toBe(10)
    expect((await from('41.66.9.9').start({ to: number(100) })).status).toBe(201)
  }, 30_000)
})

describe('the Node adapter’s client-IP policy', () => {
  it('counts per socket address when the request is not forwarded (no option needed)', async () => {
    const h = await harness({ proxy: { limits: { sendsPerIp: { hour: 3 } } } })
    const statuses = []
    for (let i = 1; i <= 4; i++) statuses.push((await h.browser().start({ to: number(i) })).status)
    expect(statuses).toEqual([201, 201, 201, 429])
  })

  it('still counts the socket address when X-Forwarded-For arrives with no trust setting, and says once what to set', async () => {
    // A client-written header used to remove the client IP altogether: every request carrying
    // X-Forwarded-For got no per-IP cap (one address sent 200 codes in an hour with kept cookies).
    const h = await harness({ proxy: { limits: { sendsPerIp: { hour: 2 } } } })
    const statuses = []
    for (let i = 1; i <= 3; i++) {
      statuses.push((await h.browser({ headers: { 'x-forwarded-for': `41.66.1.${i}` } }).start({ to: number(i) })).status)
    }
    expect(statuses).toEqual([201, 201, 429])
    const warnings = h.logs.filter((line) => line.includes('X-Forwarded-For'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('trustProxy')
  })

  it('uses the entry the trusted proxy appended, and the same key for every spelling of an address', async () => {
    const h = await harness({ adapter: { trustProxy: 1 }, proxy: { limits: { sendsPerIp: { hour: 3 } } } })
    const spellings = ['41.66.1.2', '::ffff:41.66.1.2', '041.066.001.002', 'forged, 41.66.1.2']
    const statuses = []
    for (const [i, ip] of spellings.entries()) {
      statuses.push((await raw(h.origin, {
        method: 'POST',
        path: '/api/verify/verifications',
        headers: { origin: h.origin, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ to: number(i) }),
      })).status)
    }
    expect(statuses).toEqual([201, 201, 201, 429])
  })
})
