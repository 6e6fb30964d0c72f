/**
 * Findings of the adversarial review, each as the attack that used to work, over real HTTP against
 * the sandbox (see harness.ts).
 */
import nodeCrypto from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryStore } from '@hakiki/store'
import type { Harness } from './harness'
import { GHANA, T0, harnessPerTest } from './harness'

const harness = harnessPerTest()

/** The i-th of many valid Ghanaian mobile numbers. */
const number = (i: number) => `+2332412${String(i).padStart(5, '0')}`
const checkCalls = (h: Harness) => h.upstream.calls.filter((c) => c.startsWith('PATCH ')).length

describe('code guessing', () => {
  it('sends no more concurrent guesses upstream than maxCheckAttempts, whatever the API itself allows', async () => {
    // An API that lets more wrong codes through than the proxy promises (the wrapper's cap is not
    // documented) must not turn a burst of parallel guesses into more than five tries.
    const h = await harness({ sandbox: { maxChecks: 100 }, proxy: { limits: { failedChecksPerDestinationPerHour: 50 } } })
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    const right = h.codeFor(GHANA)
    const wrong = right === '000000' ? '111111' : '000000'
    const answers = await Promise.all(Array.from({ length: 12 }, () => browser.check(id, wrong)))
    expect(checkCalls(h)).toBeLessThanOrEqual(5)
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(7)
    // And the right code no longer works: the verification is spent.
    const late = await browser.check(id, right)
    expect(late.status).toBe(429)
    expect(late.body?.receipt).toBeUndefined()
  })
})

describe('code length', () => {
  it('refuses a code of another length than the verification\'s without spending an attempt or calling the API', async () => {
    // A 5-digit typo used to burn one of five attempts; and a longer code such as "0" + the code
    // is sent to an API that might compare numbers, not strings.
    const h = await harness()
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    const right = h.codeFor(GHANA)
    for (const code of [right.slice(1), `0${right}`, `${right}0`]) {
      const answer = await browser.check(id, code)
      expect({ code, status: answer.status, problem: answer.body?.code }).toEqual({ code, status: 400, problem: 'invalid_code_format' })
    }
    expect(checkCalls(h)).toBe(0)
    expect((await browser.check(id, right)).body).toMatchObject({ status: 'approved', attemptsLeft: 5 })
  })
})

describe('upstream amplification', () => {
  it('asks the API about a pending verification at most once per few seconds, however often a browser polls', async () => {
    // Every status read of a pending verification used to cost a call to the API, whose quota is
    // shared by every user of the app: one verification bought unlimited upstream calls.
    const h = await harness()
    const browser = h.browser()
    const id = String((await browser.start({ to: GHANA })).body?.id)
    const getCalls = () => h.upstream.calls.filter((c) => c.startsWith('GET ') && c.endsWith(id)).length
    const answers = await Promise.all(Array.from({ length: 20 }, () => browser.status(id)))
    for (const a of answers) expect(a.body).toMatchObject({ id, status: 'pending' })
    expect(getCalls()).toBe(1)
    h.clock.advance(5)
    expect((await browser.status(id)).body?.status).toBe('pending')
    expect(getCalls()).toBe(2)
  })
})

describe('header injection', () => {
  it('puts no attribute of the request path into the session cookie (basePath unset)', async () => {
    // With basePath '' the path before /verifications becomes the cookie's Path, and a URL path
    // may hold a raw ";": "/x;Domain=example.com/verifications" used to set the cookie for a
    // whole parent domain.
    const h = await harness()
    const response = await fetch(`${h.origin}/x;Domain=127.0.0.1;SameSite=None/verifications`, {
      method: 'POST',
      headers: { origin: h.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ to: GHANA }),
    })
    const cookies = response.headers.getSetCookie()
    for (const cookie of cookies) expect(cookie).not.toMatch(/Domain|SameSite=None/i)
    expect(response.status).toBe(404)
    expect(h.upstream.calls.filter((c) => c.startsWith('POST /verify'))).toEqual([])
  })
})

describe('memory store flooding', () => {
  it('keeps the per-IP cap through a flood of refused starts (refused requests leave no keys to evict it with)', async () => {
    // Every refused start used to leave four zero counters behind (the fresh session's and the
    // fresh number's, given back but kept); a few thousand of them filled the store, which then
    // evicted its oldest keys: the per-IP counter among them, and the cap started over.
    const h = await harness({
      adapter: { useSocketAddress: true },
      proxy: { store: createMemoryStore({ maxCounters: 40, maxRecords: 40 }), limits: { sendsPerIp: { hour: 2 } } },
    })
    for (const i of [0, 1]) expect((await h.browser().start({ to: number(i) })).status).toBe(201)
    for (let i = 2; i < 60; i++) expect((await h.browser().start({ to: number(i) })).status).toBe(429)
    const after = await h.browser().start({ to: number(60) })
    expect(after.status).toBe(429)
    expect(after.body?.code).toBe('rate_limited')
  })
})

describe('a full memory store', () => {
  it('answers 503 rather than drop a live counter, and the caps hold once there is room again', async () => {
    // When full it used to evict its oldest keys, the global and per-IP counters among them, and
    // those caps started over.
    let t = T0
    const store = createMemoryStore({ now: () => t, maxCounters: 60 })
    const h = await harness({ adapter: { useSocketAddress: true }, proxy: { store, now: () => t, limits: { sendsPerIp: { hour: 2 } } } })
    expect((await h.browser().start({ to: number(0) })).status).toBe(201)
    // Someone fills the store with short-lived keys.
    for (let i = 0; i < 100; i++) await store.add([{ key: `junk:${i}`, windowSeconds: 10 }]).catch(() => undefined)
    const full = await h.browser().start({ to: number(1) })
    expect(full).toMatchObject({ status: 503, body: { code: 'store_unavailable' } })
    t += 11_000
    // The per-IP counter survived: one more start, then the cap.
    expect((await h.browser().start({ to: number(2) })).status).toBe(201)
    expect((await h.browser().start({ to: number(3) })).status).toBe(429)
  })
})

describe('per-IP limits', () => {
  it('apply to an address with a port (Azure-style X-Forwarded-For) and to one it cannot parse', async () => {
    // Both used to make ipLimitKey answer undefined, and the per-IP caps were silently skipped.
    let port = 40_000
    const sources = [() => `41.66.1.2:${port++}`, () => `[2c0f:f248::${port++ % 1000}]:443`, () => 'unknown']
    let which = 0
    const h = await harness({ proxy: { limits: { sendsPerIp: { hour: 2 } }, getClientIp: () => sources[which]?.() } })
    let n = 0
    for (which = 0; which < sources.length; which++) {
      for (const expected of [201, 201, 429]) {
        const answer = await h.browser().start({ to: number(n++) })
        expect({ which, status: answer.status }).toEqual({ which, status: expected })
      }
    }
  })
})

describe('per-address limits', () => {
  it('count every spelling of one mailbox together: plus tags, and dots at Gmail', async () => {
    // Each spelling used to get its own counters, so one inbox could be flooded five times an
    // hour per tag (and with no client IP known, a new cookie-less request is a new session).
    const h = await harness({ proxy: { limits: { sendsPerDestination: { hour: 2 } } } })
    const send = async (to: string) => (await h.browser().start({ to, channel: 'email' })).status
    expect([await send('jane+1@example.com'), await send('jane+2@example.com'), await send('Jane+x@Example.com')]).toEqual([201, 201, 429])
    expect(await send('kofi@example.com')).toBe(201)
    expect([await send('a.b.c@gmail.com'), await send('abc+q@googlemail.com'), await send('ab.c@gmail.com')]).toEqual([201, 201, 429])
    // Dots are only folded where the provider ignores them.
    expect(await send('a.bc@example.com')).toBe(201)
  })
})

describe('body limits', () => {
  it('answers 413 to an endless chunked body after reading just past 16 KiB', async () => {
    const h = await harness()
    const url = new URL(`${h.base}/verifications`)
    let sent = 0
    const answer = await new Promise<string>((resolve) => {
      const headers = { origin: h.origin, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
        res.resume()
        resolve(String(res.statusCode))
        req.destroy()
      })
      req.on('error', () => resolve('error'))
      const pump = (): void => {
        if (sent > 4_000_000) return void req.end()
        sent += 1024
        if (req.write(`"${'x'.repeat(1022)}`)) setImmediate(pump)
        else req.once('drain', pump)
      }
      pump()
    })
    expect(answer).toBe('413')
    expect(sent).toBeLessThan(1_000_000)
  })

  it('answers 408 to a body that trickles in past its deadline, and ends the request', async () => {
    // A slow body used to be held for Node's 300 s request timeout.
    const h = await harness({ proxy: { bodyTimeoutMs: 300 } })
    const url = new URL(`${h.base}/verifications`)
    const startedAt = Date.now()
    const answer = await new Promise<string>((resolve) => {
      const headers = { origin: h.origin, 'content-type': 'application/json', 'content-length': '100' }
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve(`${res.statusCode} ${text}`))
      })
      req.on('error', () => resolve('error'))
      req.write('{"to": "+2332')
      // Nothing more is sent: the request stays open until the proxy answers.
    })
    expect(answer).toMatch(/^408 .*"code":"invalid_request"/)
    expect(Date.now() - startedAt).toBeLessThan(60_000)
  })
})

describe('object-level authorization', () => {
  it('does the same keyed-hash work for another session\'s id as for an unknown one (no timing oracle)', async () => {
    // "Not yours" used to hash the session key after finding the record, "unknown" did not: an
    // HMAC's worth of time told a prober which ids exist.
    const h = await harness()
    const owner = h.browser()
    const id = String((await owner.start({ to: GHANA })).body?.id)
    const stranger = h.browser()
    await stranger.start({ to: 'someone@example.com', channel: 'email' })
    // MACs go through node:crypto where the runtime has it (this test's), else Web Crypto: both counted.
    const sign = vi.spyOn(crypto.subtle, 'sign')
    const createHmac = vi.spyOn(nodeCrypto, 'createHmac')
    try {
      const work = async (target: string) => {
        sign.mockClear()
        createHmac.mockClear()
        const answer = await stranger.status(target)
        return { status: answer.status, hmacs: sign.mock.calls.length + createHmac.mock.calls.length }
      }
      const foreign = await work(id)
      const unknown = await work('VE00000000000000000000000000000000')
      expect(foreign).toEqual(unknown)
      expect(foreign.status).toBe(404)
      // The cookie's MAC and the session key's: counted, so the comparison above can fail.
      expect(foreign.hmacs).toBeGreaterThan(0)
    } finally {
      sign.mockRestore()
      createHmac.mockRestore()
    }
  })
})

describe('rates during an outage', () => {
  it('asks the failing API at most once per 30 s, with or without a stale list to serve', async () => {
    // Every anonymous GET /rates used to call the failing API again (after a 401, a token
    // request and a retry too): during an outage, unauthenticated amplification onto the API.
    const h = await harness({ proxy: { ratesTtlSeconds: 60 } })
    const browser = h.browser()
    const rateCalls = () => h.upstream.calls.filter((c) => c.endsWith('/sms/rate')).length
    h.sandbox.sandbox.faults.add({ operation: 'rates', status: 500, times: 1000 })
    const cold = await Promise.all(Array.from({ length: 3 }, () => browser.request('GET', '/rates')))
    for (let i = 0; i < 5; i++) cold.push(await browser.request('GET', '/rates'))
    for (const answer of cold) expect(answer.status).toBe(503)
    expect(rateCalls()).toBe(1)
    h.clock.advance(30)
    expect((await browser.request('GET', '/rates')).status).toBe(503)
    expect(rateCalls()).toBe(2)

    // With a list cached, then stale: served, and the API asked once per 30 s, not per request.
    h.sandbox.sandbox.faults.clear()
    h.clock.advance(30)
    expect((await browser.request('GET', '/rates')).status).toBe(200)
    const fresh = rateCalls()
    h.sandbox.sandbox.faults.add({ operation: 'rates', status: 500, times: 1000 })
    h.clock.advance(61)
    for (let i = 0; i < 5; i++) expect((await browser.request('GET', '/rates')).status).toBe(200)
    expect(rateCalls()).toBe(fresh + 1)
  })
})

describe('misconfiguration', () => {
  it('warns once when getClientIp finds no address, since the per-IP caps are then off for that request', async () => {
    // Silently skipped before: on a Fetch runtime without getClientIp nothing said that only
    // the per-address and (cookie-bound, so free to shed) per-session caps were left.
    const h = await harness({ proxy: { getClientIp: () => undefined } })
    await h.browser().start({ to: number(1) })
    await h.browser().start({ to: number(2) })
    expect(h.logs.filter((l) => l.startsWith('warn ') && l.includes('getClientIp returned no address'))).toHaveLength(1)
    // The Node adapter's default: the socket's address when the request is not forwarded.
    const withIp = await harness()
    await withIp.browser().start({ to: number(3) })
    expect(withIp.logs.filter((l) => l.includes('getClientIp'))).toEqual([])
    await h.close()
  })
})
