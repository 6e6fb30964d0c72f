/** The browser contract over real HTTP: proxy on a port, sandbox on a port. */
import { ERROR_CODES, PROBLEM_TYPE_BASE } from '@hakiki/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyReceipt } from '../src/receipt'
import type { Harness } from './harness'
import { GHANA, SECRET, T0, startHarness } from './harness'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

describe('POST /verifications', () => {
  it('sends a code and answers 201 with the documented fields and an HttpOnly session cookie', async () => {
    const res = await h.browser().start({ to: '+233 24 123 4567', channel: 'sms', locale: 'fr' })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body).toEqual({
      id: expect.stringMatching(/^VE[0-9a-f]{32}$/),
      to: GHANA,
      channel: 'sms',
      status: 'pending',
      codeLength: 6,
      expiresAt: new Date(T0 + 600_000).toISOString(),
      resendAt: new Date(T0 + 30_000).toISOString(),
      attemptsLeft: 5,
      serverTime: new Date(T0).toISOString(),
      fee: expect.stringMatching(/^[0-9]+\.[0-9]+$/),
    })
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^hakiki_sid=[A-Za-z0-9_-]{22}\.[0-9]{10}\.[A-Za-z0-9_-]{43}; /)
    expect(cookie).toContain('Path=/api/verify')
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    // Plain http on 127.0.0.1 is local development: Secure would make the browser drop it.
    expect(cookie).not.toContain('Secure')
    const message = h.sandbox.sandbox.inbox.list({ to: GHANA })[0]
    expect(message?.locale).toBe('fr')
    expect(message?.verificationId).toBe(res.body?.id)
  })

  it('maps the BCP-47 tag pt-BR to the API spelling pr-BR', async () => {
    await h.browser().start({ to: GHANA, locale: 'pt-BR' })
    expect(h.sandbox.sandbox.inbox.list({ to: GHANA })[0]?.locale).toBe('pr-BR')
  })

  it('sends e-mail codes to the lower-cased address', async () => {
    const res = await h.browser().start({ to: 'Jane.Doe@Example.com', channel: 'email' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ to: 'jane.doe@example.com', channel: 'email' })
    expect(h.sandbox.sandbox.inbox.list({ to: 'jane.doe@example.com' })).toHaveLength(1)
  })

  it('re-sends the same verification after the cooldown, with the same code', async () => {
    const browser = h.browser()
    const first = await browser.start({ to: GHANA })
    const code = h.codeFor(GHANA)
    h.clock.advance(30)
    const second = await browser.start({ to: GHANA, channel: 'call' })
    expect(second.status).toBe(201)
    expect(second.body).toMatchObject({ id: first.body?.id, channel: 'call', resendAt: new Date(T0 + 30_000 + 60_000).toISOString() })
    expect(second.body?.expiresAt).toBe(first.body?.expiresAt)
    expect(h.sandbox.sandbox.inbox.list({ to: GHANA })).toHaveLength(2)
    expect(h.codeFor(GHANA)).toBe(code)
  })
})

describe('POST /verifications/{id}/check', () => {
  it('approves the right code (normalized from Arabic-Indic digits) and returns a receipt', async () => {
    const browser = h.browser()
    const start = await browser.start({ to: GHANA })
    const id = String(start.body?.id)
    const arabic = h.codeFor(GHANA).replace(/[0-9]/g, (d) => String.fromCharCode(0x660 + Number(d)))
    const res = await browser.check(id, `${arabic.slice(0, 3)} ${arabic.slice(3)}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body).toEqual({ id, status: 'approved', attemptsLeft: 5, receipt: expect.any(String), serverTime: new Date(T0).toISOString() })
    const claims = await verifyReceipt(res.body?.receipt, SECRET, { expectedTo: GHANA, replay: 'allow', now: h.clock.now })
    expect(claims).toMatchObject({ sub: GHANA, channel: 'sms', vid: id, iat: T0 / 1000, exp: T0 / 1000 + 600 })
  })

  it('counts wrong codes down, then the last one cancels and later checks are refused', async () => {
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    const wrong = h.codeFor(GHANA) === '000000' ? '111111' : '000000'
    for (const left of [4, 3, 2, 1]) {
      const res = await browser.check(id, wrong)
      expect(res.body).toMatchObject({ id, status: 'pending', attemptsLeft: left })
      expect(res.body?.receipt).toBeUndefined()
    }
    const last = await browser.check(id, wrong)
    expect(last.body).toMatchObject({ status: 'cancelled', attemptsLeft: 0 })
    const after = await browser.check(id, h.codeFor(GHANA))
    expect(after.status).toBe(429)
    expect(after.body).toMatchObject({ code: 'too_many_attempts', attemptsLeft: 0 })
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('answers approved without a second receipt when checked again', async () => {
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    await browser.check(id, h.codeFor(GHANA))
    const again = await browser.check(id, h.codeFor(GHANA))
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ id, status: 'approved' })
    expect(again.body?.receipt).toBeUndefined()
  })

  it('answers 410 expired once the code has lived its 10 minutes', async () => {
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    h.clock.advance(600)
    const res = await browser.check(id, h.codeFor(GHANA))
    expect(res.status).toBe(410)
    expect(res.body).toMatchObject({ code: 'expired', status: 410, type: `${PROBLEM_TYPE_BASE}expired` })
  })

  it('refuses a malformed code without spending an attempt', async () => {
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    const res = await browser.check(id, 'Your code is 123456')
    expect(res.status).toBe(400)
    expect(res.body?.code).toBe('invalid_code_format')
    const ok = await browser.check(id, h.codeFor(GHANA))
    expect(ok.body).toMatchObject({ status: 'approved', attemptsLeft: 5 })
  })
})

describe('GET /verifications/{id}', () => {
  it('reads pending, then approved (which the API itself can no longer tell), then 404 long after', async () => {
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    const pending = await browser.status(id)
    expect(pending.status).toBe(200)
    expect(pending.body).toEqual({ id, status: 'pending', expiresAt: new Date(T0 + 600_000).toISOString(), serverTime: new Date(T0).toISOString() })
    await browser.check(id, h.codeFor(GHANA))
    expect((await browser.status(id)).body).toMatchObject({ id, status: 'approved' })
    h.clock.advance(600 + 600)
    expect((await browser.status(id)).status).toBe(404)
  })

  it('reads expired after the code lifetime', async () => {
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    h.clock.advance(601)
    expect((await browser.status(id)).body).toMatchObject({ status: 'expired' })
  })
})

describe('GET /rates', () => {
  it('lists the covered countries with ISO codes and USD fees, fetched once and cached', async () => {
    const browser = h.browser()
    const first = await browser.request('GET', '/rates')
    expect(first.status).toBe(200)
    expect(first.body?.currency).toBe('USD')
    const countries = first.body?.countries as Array<Record<string, string>>
    expect(countries).toHaveLength(14)
    expect(first.headers.get('vary')).toBe('Origin')
    expect(countries.find((c) => c.iso2 === 'GH')).toEqual({ name: 'Ghana', iso2: 'GH', dialCode: '233', fee: expect.stringMatching(/^[0-9]+\.[0-9]+$/) })
    // A fault on the next upstream rates call proves the second answer came from the cache.
    h.sandbox.sandbox.faults.add({ operation: 'rates', status: 500 })
    const second = await browser.request('GET', '/rates')
    expect(second.body).toEqual(first.body)
    expect(h.sandbox.sandbox.faults.list()).toHaveLength(1)
    // Past the TTL the list is fetched again (and the queued fault is spent on it: stale is served).
    h.clock.advance(3600)
    const third = await browser.request('GET', '/rates')
    expect(h.sandbox.sandbox.faults.list()).toHaveLength(0)
    expect(third.body).toEqual(first.body)
  })
})

describe('routing and errors', () => {
  it('answers unknown paths and wrong methods with problems (405 with Allow)', async () => {
    const browser = h.browser()
    const unknown = await browser.request('GET', '/nope')
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toBe('application/problem+json')
    const wrong = await browser.request('DELETE', '/verifications/VE0')
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET, OPTIONS')
    expect(wrong.body).toMatchObject({ code: 'invalid_request', status: 405 })
    const wrongStart = await browser.request('GET', '/verifications')
    expect(wrongStart.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('maps each validation failure to its code', async () => {
    const browser = h.browser()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ to: '0241234567' }, 'invalid_phone_number'],
      [{ to: '+447911123456' }, 'unsupported_country'],
      [{ to: 'jane@@example.com', channel: 'email' }, 'invalid_email'],
      [{ to: GHANA, locale: 'tlh' }, 'unsupported_locale'],
      [{ to: GHANA, channel: 'pigeon' }, 'invalid_request'],
      // The spec's Verify API sends no WhatsApp: refused up front, before any counter or request.
      [{ to: GHANA, channel: 'whatsapp' }, 'unsupported_channel'],
      [{}, 'invalid_request'],
    ]
    for (const [body, code] of cases) {
      const res = await browser.start(body)
      expect({ body, status: res.status }).toEqual({ body, status: 400 })
      expect(res.body).toMatchObject({ code, status: 400, type: PROBLEM_TYPE_BASE + code, title: expect.any(String) })
      expect(ERROR_CODES).toContain(res.body?.code)
    }
    expect(h.sandbox.sandbox.inbox.list()).toHaveLength(0)
  })

  it('refuses malformed JSON, non-objects and bodies over 16 KiB', async () => {
    const browser = h.browser()
    expect((await browser.request('POST', '/verifications', '{"to":', { 'content-type': 'application/json' })).body?.code).toBe('invalid_request')
    expect((await browser.request('POST', '/verifications', '[]', { 'content-type': 'application/json' })).status).toBe(400)
    const big = await browser.request('POST', '/verifications', JSON.stringify({ to: GHANA, pad: 'x'.repeat(17_000) }), { 'content-type': 'application/json' })
    expect(big.status).toBe(413)
    expect(big.body?.code).toBe('invalid_request')
    const wrongType = await browser.request('POST', '/verifications', JSON.stringify({ to: GHANA }), { 'content-type': 'text/plain' })
    expect(wrongType.status).toBe(415)
  })
})
