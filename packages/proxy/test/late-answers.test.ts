/**
 * Findings 10 and 5: a late resend answer never undoes an approval, and a session that did not
 * start a verification learns nothing about it and spends nothing of it.
 */
import { describe, expect, it } from 'vitest'
import type { VerifyProviderV1 as VerifyProvider } from '../src/verify-provider'
import { GHANA, harnessPerTest } from './harness'

const harness = harnessPerTest()

/** A promise and its resolver (Node 20 has no `Promise.withResolvers`). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  const box: { resolve?: () => void } = {}
  const promise = new Promise<void>((r) => (box.resolve = r))
  return { promise, resolve: () => box.resolve?.() }
}

describe('a resend answer that arrives after the approval (finding 10)', () => {
  it('leaves the verification approved', async () => {
    let holdStarts = false
    const { promise: released, resolve: release } = deferred()
    let upstreamAnswered = false
    // The sandbox answers the resend at once; the answer reaches the proxy only when released.
    const wrapProvider = (inner: VerifyProvider): VerifyProvider => ({
      ...inner,
      async start(input, options) {
        const result = await inner.start(input, options)
        if (holdStarts) {
          upstreamAnswered = true
          await released
        }
        return result
      },
    })
    const h = await harness({ wrapProvider })
    const owner = h.browser()
    const id = String((await owner.start({ to: GHANA })).body?.id)
    h.clock.advance(30)
    holdStarts = true
    const resend = owner.start({ to: GHANA })
    await expect.poll(() => upstreamAnswered).toBe(true)
    expect((await owner.check(id, h.codeFor(GHANA))).body?.status).toBe('approved')
    release()
    await resend
    expect((await owner.status(id)).body?.status).toBe('approved')
    const again = await owner.check(id, h.codeFor(GHANA))
    expect(again.status).toBe(200)
    expect(again.body?.status).toBe('approved')
  })
})

describe('another session starting for the same number (finding 5)', () => {
  it('learns nothing of the owner’s verification and spends nothing of it', async () => {
    const h = await harness()
    const owner = h.browser()
    const started = await owner.start({ to: GHANA })
    const id = String(started.body?.id)
    h.clock.advance(30)
    const stranger = h.browser()
    const callsBefore = h.upstream.calls.length
    const res = await stranger.start({ to: GHANA, channel: 'call' })
    expect(res.status).toBe(429)
    expect(res.body?.code).toBe('rate_limited')
    expect(res.text).not.toContain(id)
    expect(h.upstream.calls.length).toBe(callsBefore)
    // The stranger cannot check it either, and the owner keeps every attempt.
    expect((await stranger.check(id, '000000')).status).toBe(404)
    expect((await owner.check(id, h.codeFor(GHANA))).body).toMatchObject({ status: 'approved', attemptsLeft: 5 })
  })
})

describe('a client over its own cap (finding 6)', () => {
  it('gets the same answer whether or not a code is in flight for the number it probes', async () => {
    const h = await harness({ proxy: { limits: { sendsPerSession: { hour: 1 } } } })
    await h.browser().start({ to: GHANA }) // someone's code is in flight for GHANA
    const prober = h.browser()
    expect((await prober.start({ to: '+233241234599' })).status).toBe(201)
    const probe = async (to: string) => {
      const res = await prober.start({ to })
      return { status: res.status, body: res.text, retryAfter: res.headers.get('retry-after') }
    }
    expect(await probe(GHANA)).toEqual(await probe('+233241234598'))
  })
})

describe('an attacker who knows a number but not its phone (finding 4)', () => {
  it('cannot make the owner’s right code answer 429 with wrong codes of their own', async () => {
    // The provider allows 100 wrong codes (it declares them; the proxy follows).
    const h = await harness({ sandbox: { maxChecks: 100 }, wrapProvider: (provider) => ({ ...provider, maxAttempts: 100 }) })
    const attacker = h.browser()
    const theirs = String((await attacker.start({ to: GHANA })).body?.id)
    const wrong = h.codeFor(GHANA) === '999999' ? '888888' : '999999'
    for (let i = 0; i < 12; i++) await attacker.check(theirs, wrong)
    h.clock.advance(601)
    const owner = h.browser()
    const mine = String((await owner.start({ to: GHANA })).body?.id)
    const res = await owner.check(mine, h.codeFor(GHANA))
    expect(res.status).toBe(200)
    expect(res.body?.status).toBe('approved')
  })
})
