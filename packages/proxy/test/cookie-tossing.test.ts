/** Finding 8 (cookie tossing): a planted session cookie never wins. */
import { describe, expect, it } from 'vitest'
import { GHANA, harnessPerTest } from './harness'
import { raw } from './raw-request'

const harness = harnessPerTest()

describe('session cookies', () => {
  it('verifies at most one: with a planted cookie beside its own, a victim’s new verification is not bound to the attacker’s session', async () => {
    const h = await harness()
    const attacker = h.browser()
    await attacker.start({ to: 'attacker@example.com', channel: 'email' })
    const planted = attacker.cookies.get('hakiki_sid') ?? ''
    const victim = h.browser()
    await victim.start({ to: 'victim@example.com', channel: 'email' })
    const own = victim.cookies.get('hakiki_sid') ?? ''
    // A sibling subdomain planted the attacker's cookie; the browser sends both (planted first).
    const res = await victim.request('POST', '/verifications', { to: GHANA }, { cookie: `hakiki_sid=${planted}; hakiki_sid=${own}` })
    expect(res.status).toBe(201)
    const id = String(res.body?.id)
    expect((await attacker.status(id)).status).toBe(404)
  })

  it('in production is __Host-hakiki_sid, and a plain hakiki_sid (plantable by a sibling) is ignored', async () => {
    const h = await harness({ proxy: { publicOrigin: 'https://app.example' } })
    const post = (to: string, cookie?: string) =>
      raw(h.origin, {
        method: 'POST',
        path: '/api/verify/verifications',
        headers: { origin: 'https://app.example', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ to, channel: 'email' }),
      })
    const attackerCookie = String((await post('attacker@example.com')).headers['set-cookie']).split(';')[0] ?? ''
    expect(attackerCookie.startsWith('__Host-hakiki_sid=')).toBe(true)
    const value = attackerCookie.slice('__Host-hakiki_sid='.length)
    const victim = await post('victim@example.com', `hakiki_sid=${value}`)
    expect(victim.status).toBe(201)
    // A new session was issued: the planted plain cookie was not taken as the victim's session.
    expect(String(victim.headers['set-cookie'])).not.toContain(value)
  })
})
