/** Finding 12: a captcha reaches `authorize` from a cross-origin page, and is spent only on a send. */
import { describe, expect, it } from 'vitest'
import { GHANA, harnessPerTest } from './harness'

const harness = harnessPerTest()

describe('the authorize hook', () => {
  it('is not asked (a one-time captcha is not spent) for a start the cooldown refuses', async () => {
    const tokens: string[] = []
    const authorize = (request: Request) => {
      tokens.push(request.headers.get('x-captcha') ?? '')
      return true
    }
    const h = await harness({ proxy: { authorize } })
    const browser = h.browser({ headers: { 'x-captcha': 'one-time' } })
    expect((await browser.start({ to: GHANA })).status).toBe(201)
    expect((await browser.start({ to: GHANA })).status).toBe(429)
    expect(tokens).toEqual(['one-time'])
  })

  it('gives the slots back when it refuses, so the user can retry at once', async () => {
    let allow = false
    const h = await harness({ proxy: { authorize: () => allow } })
    const browser = h.browser()
    expect((await browser.start({ to: GHANA })).status).toBe(403)
    allow = true
    expect((await browser.start({ to: GHANA })).status).toBe(201)
  })

  it('can receive a captcha header from a cross-origin page: the preflight allows the configured header', async () => {
    const h = await harness({ proxy: { publicOrigin: 'https://app.example', allowedHeaders: ['X-Captcha'] } })
    const res = await h.browser({ origin: 'https://app.example' }).request('OPTIONS', '/verifications', undefined, {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, x-captcha',
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)).toEqual(['content-type', 'x-captcha'])
  })
})
