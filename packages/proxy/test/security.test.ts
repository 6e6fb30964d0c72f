/** Each security property of the proxy, over real HTTP. */
import { describe, expect, it } from 'vitest'
import { ReceiptError, verifyReceipt } from '../src/receipt'
import type { Seen } from './harness'
import { CLIENT_SECRET, GHANA, SECRET, harnessPerTest } from './harness'

const harness = harnessPerTest()

/** The parts of a problem answer a prober could compare. */
const probe = (res: Seen) => ({ status: res.status, body: res.text, type: res.headers.get('content-type') })

describe('session binding', () => {
  it('gives another session, a session-less request and a forged cookie the same 404 as an unknown id', async () => {
    const h = await harness()
    const owner = h.browser()
    const id = String((await owner.start({ to: GHANA })).body?.id)
    const code = h.codeFor(GHANA)

    const stranger = h.browser()
    await stranger.start({ to: 'someone@example.com', channel: 'email' }) // has a valid session of its own
    const unknown = await stranger.status('VE00000000000000000000000000000000')
    expect(unknown.status).toBe(404)

    const foreignCheck = await stranger.check(id, code)
    expect(probe(foreignCheck)).toEqual(probe(await stranger.check('VE00000000000000000000000000000000', code)))
    expect(probe(await stranger.status(id))).toEqual(probe(unknown))

    const anonymous = h.browser()
    expect(probe(await anonymous.status(id))).toEqual(probe(unknown))
    expect(probe(await anonymous.check(id, code))).toEqual(probe(foreignCheck))

    const forger = h.browser()
    const [sid = ''] = (owner.cookies.get('hakiki_sid') ?? '').split('.')
    forger.cookies.set('hakiki_sid', `${sid}.${'A'.repeat(43)}`)
    expect(probe(await forger.status(id))).toEqual(probe(unknown))

    // None of those attempts touched the verification: the owner still approves with all attempts.
    const mine = await owner.check(id, code)
    expect(mine.body).toMatchObject({ status: 'approved', attemptsLeft: 5 })
  })

  it('keeps a verification to the session that started it: another session cannot join it by resending', async () => {
    const h = await harness()
    const first = h.browser()
    const id = String((await first.start({ to: GHANA })).body?.id)
    h.clock.advance(30)
    const second = h.browser()
    expect((await second.start({ to: GHANA })).status).toBe(429)
    expect((await second.check(id, h.codeFor(GHANA))).status).toBe(404)
    expect((await first.check(id, h.codeFor(GHANA))).body?.status).toBe('approved')
  })
})

describe('cross-site requests', () => {
  it('refuses a POST from another origin, or without Origin, with 403 forbidden_origin and sends nothing', async () => {
    const h = await harness()
    for (const origin of ['https://evil.example', 'null', null]) {
      const res = await h.browser({ origin }).start({ to: GHANA })
      expect({ origin, status: res.status }).toEqual({ origin, status: 403 })
      expect(res.body).toMatchObject({ code: 'forbidden_origin', status: 403 })
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    }
    expect(h.upstream.calls).toEqual([])
    expect(h.sandbox.sandbox.inbox.list()).toHaveLength(0)
  })

  it('refuses a same-origin POST whose body is not JSON (what a cross-site form would send)', async () => {
    const h = await harness()
    const res = await h.browser().request('POST', '/verifications', `to=${encodeURIComponent(GHANA)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(res.status).toBe(415)
    expect(h.upstream.calls).toEqual([])
  })

  it('answers preflights only for allowed origins, with credentials', async () => {
    const h = await harness({ proxy: { publicOrigin: 'https://www.app.example', allowedOrigins: ['https://app.example'] } })
    const ok = await h.browser({ origin: 'https://app.example' }).request('OPTIONS', '/verifications', undefined, {
      'access-control-request-method': 'POST',
    })
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true')
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, POST')
    const refused = await h.browser({ origin: 'https://evil.example' }).request('OPTIONS', '/verifications')
    expect(refused.status).toBe(403)
    expect(refused.body?.code).toBe('forbidden_origin')
    // With a public origin configured, the proxy's own (loopback) origin is no longer implied.
    expect((await h.browser().start({ to: GHANA })).status).toBe(403)
    const allowed = await h.browser({ origin: 'https://app.example' }).start({ to: GHANA })
    expect(allowed.status).toBe(201)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(allowed.headers.get('vary')).toContain('Origin')
  })
})

describe('authorize hook', () => {
  it('refuses with 403 forbidden when it returns false or throws, before any send', async () => {
    const seen: string[] = []
    const h = await harness({
      proxy: {
        authorize: (request, start) => {
          seen.push(start.to)
          if (request.headers.get('x-captcha') === 'boom') throw new Error(`captcha service down for ${start.to}`)
          return request.headers.get('x-captcha') === 'ok'
        },
      },
    })
    expect((await h.browser().start({ to: GHANA })).body?.code).toBe('forbidden')
    expect((await h.browser({ headers: { 'x-captcha': 'boom' } }).start({ to: GHANA })).status).toBe(403)
    expect(h.upstream.calls).toEqual([])
    expect((await h.browser({ headers: { 'x-captcha': 'ok' } }).start({ to: GHANA })).status).toBe(201)
    expect(seen).toEqual([GHANA, GHANA, GHANA])
    expect(h.logs.join('\n')).not.toContain(GHANA)
  })
})

describe('input validation happens before any upstream call', () => {
  it('makes no API call for invalid numbers, addresses, locales or codes', async () => {
    const h = await harness()
    const browser = h.browser()
    await browser.start({ to: '+447911123456' })
    await browser.start({ to: '+233 24 12', channel: 'call' })
    await browser.start({ to: 'a@b', channel: 'email' })
    await browser.start({ to: GHANA, locale: 'tlh' })
    expect(h.upstream.calls).toEqual([])
    const id = String((await browser.start({ to: GHANA })).body?.id)
    const before = h.upstream.calls.length
    for (const code of ['12', '12345678901', 'abcdef', '12 34 x6']) expect((await browser.check(id, code)).body?.code).toBe('invalid_code_format')
    expect(h.upstream.calls.length).toBe(before)
  })
})

describe('receipts from the proxy', () => {
  it('verify for the verified address only', async () => {
    const h = await harness()
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    const receipt = String((await browser.check(id, h.codeFor(GHANA))).body?.receipt)
    await expect(verifyReceipt(receipt, SECRET, { expectedTo: GHANA, replay: 'allow', now: h.clock.now })).resolves.toMatchObject({ sub: GHANA, vid: id })
    const wrong = await verifyReceipt(receipt, SECRET, { expectedTo: '+233209999999', replay: 'allow', now: h.clock.now }).catch((e: unknown) => e)
    expect(wrong).toBeInstanceOf(ReceiptError)
    expect((wrong as ReceiptError).code).toBe('wrong_address')
  })
})

describe('nothing secret leaves the server', () => {
  it('no response, log line or event carries the client secret, a token, a code, an upstream body or a raw address', async () => {
    const h = await harness()
    const browser = h.browser()
    const email = 'leak.test@example.com'
    // A tour of every route, success and failure, plus every upstream fault.
    const sms = String((await browser.start({ to: GHANA })).body?.id)
    const mail = String((await browser.start({ to: email, channel: 'email' })).body?.id)
    await browser.check(sms, '000001')
    await browser.status(sms)
    await browser.request('GET', '/rates')
    for (const [operation, status] of [['create', 500], ['create', 407], ['create', 404], ['verify', 500], ['verify', 407], ['verify', 404], ['get', 500], ['get', 407]] as const) {
      h.sandbox.sandbox.faults.add({ operation, status, times: 2 })
      if (operation === 'create') {
        h.clock.advance(120)
        await browser.start({ to: GHANA })
      } else if (operation === 'verify') await browser.check(sms, '000002')
      else {
        h.clock.advance(5) // past the status read's refresh window, so the API is asked
        await browser.status(sms)
      }
      h.sandbox.sandbox.faults.clear()
    }
    h.sandbox.sandbox.faults.add({ operation: 'create', status: 401, times: 2 })
    h.clock.advance(120)
    await browser.start({ to: GHANA })
    h.sandbox.sandbox.faults.clear()
    await browser.check(mail, h.codeFor(email))
    await browser.check(sms, h.codeFor(GHANA))
    await h.browser({ origin: 'https://evil.example' }).start({ to: GHANA })

    const codes = h.sandbox.sandbox.inbox.list().map((m) => m.code)
    expect(codes.length).toBeGreaterThan(1)
    expect(h.upstream.accessTokens.size).toBeGreaterThan(1)
    expect(h.upstream.errorBodies.length).toBeGreaterThan(5)

    const secrets = [CLIENT_SECRET, SECRET, 'sandbox-client-id', ...h.upstream.accessTokens, ...h.upstream.transactionIds]
    const upstreamWords = /statusMessage|SupportMessage|transactionId|simulated|sandbox|Bearer|Verify API/i
    // Every string value of every upstream error body (messages, paths, timestamps).
    const upstreamStrings = h.upstream.errorBodies.flatMap((body) => {
      try {
        return Object.values(JSON.parse(body) as Record<string, unknown>).filter((v): v is string => typeof v === 'string' && v.length >= 8)
      } catch {
        return []
      }
    })
    expect(upstreamStrings.length).toBeGreaterThan(5)
    const responses = h.seen.map((r) => `${[...r.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${r.text}`)
    expect(responses.length).toBeGreaterThan(15)
    for (const text of responses) {
      for (const secret of secrets) expect(text).not.toContain(secret)
      expect(text).not.toMatch(upstreamWords)
      for (const value of upstreamStrings) expect(text).not.toContain(value)
      for (const code of codes) expect(text).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`))
      for (const body of h.upstream.errorBodies) expect(text).not.toContain(body)
    }
    const privateText = [...h.logs, ...h.events.map((e) => JSON.stringify(e))]
    expect(privateText.length).toBeGreaterThan(10)
    for (const text of privateText) {
      for (const secret of [...secrets, GHANA, email, '241234567']) expect(text).not.toContain(secret)
      for (const code of codes) expect(text).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`))
    }
    expect(privateText.some((t) => t.includes('+233*******67'))).toBe(true)
  })
})
