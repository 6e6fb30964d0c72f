/**
 * Every upstream fault the spec defines (401, 404, 407, 500), plus timeouts and refused
 * connections, injected through the sandbox's faults and mapped to clean problems.
 */
import { createServer } from 'node:net'
import { ERROR_CODES } from '@hakiki/core'
import { describe, expect, it } from 'vitest'
import { RATES_RETRY_SECONDS } from '../src/routes/get-rates'
import type { Harness, Seen, TestBrowser } from './harness'
import { GHANA, harnessPerTest } from './harness'

const harness = harnessPerTest()

function expectProblem(res: Seen, status: number, code: string): void {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  expect(res.body).toMatchObject({ status, code })
  expect(ERROR_CODES).toContain(code)
  expect(Object.keys(res.body ?? {}).every((k) => ['type', 'title', 'status', 'code', 'detail', 'retryAfter', 'attemptsLeft'].includes(k))).toBe(true)
}

async function startedVerification(h: Harness): Promise<{ browser: TestBrowser; id: string }> {
  const browser = h.browser()
  const res = await browser.start({ to: GHANA })
  expect(res.status).toBe(201)
  return { browser, id: String(res.body?.id) }
}

describe('token refresh', () => {
  it('a 401 makes the client fetch a new token and retry once: the browser sees success', async () => {
    const h = await harness()
    const { browser, id } = await startedVerification(h)
    const tokenCalls = () => h.upstream.calls.filter((c) => c.includes('/oauth/')).length
    expect(tokenCalls()).toBe(1)
    h.sandbox.sandbox.faults.add({ operation: 'verify', status: 401 })
    expect((await browser.check(id, h.codeFor(GHANA))).body?.status).toBe('approved')
    expect(tokenCalls()).toBe(2)
  })

  it('a second 401 in a row is a 502 upstream_error (bad credentials will not heal by retrying)', async () => {
    const h = await harness()
    h.sandbox.sandbox.faults.add({ operation: 'create', status: 401, times: 2 })
    expectProblem(await h.browser().start({ to: GHANA }), 502, 'upstream_error')
    expect(h.sandbox.sandbox.inbox.list()).toHaveLength(0)
  })

  it('a failing token endpoint is a 503 upstream_unavailable, and nothing is sent', async () => {
    const h = await harness()
    h.sandbox.sandbox.faults.add({ operation: 'token', status: 500 })
    expectProblem(await h.browser().start({ to: GHANA }), 503, 'upstream_unavailable')
    expect(h.sandbox.sandbox.inbox.list()).toHaveLength(0)
  })
})

describe('fault statuses on each operation', () => {
  const cases = [
    { operation: 'create', status: 404, expected: [502, 'upstream_error'] },
    { operation: 'create', status: 407, expected: [502, 'upstream_error'] },
    { operation: 'create', status: 500, expected: [503, 'upstream_unavailable'] },
    { operation: 'verify', status: 404, expected: [404, 'not_found'] },
    { operation: 'verify', status: 407, expected: [502, 'upstream_error'] },
    { operation: 'verify', status: 500, expected: [503, 'upstream_unavailable'] },
    { operation: 'get', status: 404, expected: [404, 'not_found'] },
    { operation: 'get', status: 407, expected: [502, 'upstream_error'] },
    { operation: 'get', status: 500, expected: [503, 'upstream_unavailable'] },
    { operation: 'rates', status: 404, expected: [502, 'upstream_error'] },
    { operation: 'rates', status: 407, expected: [502, 'upstream_error'] },
    { operation: 'rates', status: 500, expected: [503, 'upstream_unavailable'] },
  ] as const

  for (const { operation, status, expected } of cases) {
    it(`${operation} answering ${status} → ${expected[0]} ${expected[1]}`, async () => {
      const h = await harness()
      const { browser, id } = operation === 'create' || operation === 'rates' ? { browser: h.browser(), id: '' } : await startedVerification(h)
      h.sandbox.sandbox.faults.add({ operation, status })
      const res =
        operation === 'create'
          ? await browser.start({ to: GHANA })
          : operation === 'verify'
            ? await browser.check(id, h.codeFor(GHANA))
            : operation === 'get'
              ? await browser.status(id)
              : await browser.request('GET', '/rates')
      expectProblem(res, expected[0], expected[1])
      // Only a transient failure invites a retry.
      expect(res.headers.has('retry-after')).toBe(expected[0] === 503)
      const failed = h.events.find((e) => e.type === 'upstream.failed')
      expect(failed).toMatchObject({ type: 'upstream.failed', operation, upstreamStatus: status })
      // The fault was one call only: the same request now succeeds (rates once the API is asked
      // again, RATES_RETRY_SECONDS after a failure).
      if (operation === 'rates') h.clock.advance(RATES_RETRY_SECONDS)
      const again =
        operation === 'create'
          ? await browser.start({ to: GHANA })
          : operation === 'verify'
            ? await browser.check(id, h.codeFor(GHANA))
            : operation === 'get'
              ? await browser.status(id)
              : await browser.request('GET', '/rates')
      expect(again.status).toBeLessThan(300)
    })
  }
})

describe('transport failures', () => {
  it('a timeout is 503 upstream_unavailable, and keeps the cooldown (the code may have gone out)', async () => {
    // The proxy's client gives up after 100 ms; the sandbox would answer after 30 s, but its
    // injected sleep only waits for the request to be aborted, so no timer runs for real.
    const h = await harness({
      clientTimeoutMs: 100,
      sandbox: { sleep: (_ms, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })) },
    })
    h.sandbox.sandbox.faults.add({ operation: 'create', delayMs: 30_000 })
    const browser = h.browser()
    expectProblem(await browser.start({ to: GHANA }), 503, 'upstream_unavailable')
    expect(h.events.find((e) => e.type === 'upstream.failed')).toMatchObject({ reason: 'timeout' })
    expectProblem(await browser.start({ to: GHANA }), 429, 'rate_limited')
  })

  it('a refused connection is 503 upstream_unavailable', async () => {
    // A port that was free a moment ago and is closed now: connecting is refused at once.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    const { createVerifyClient } = await import('@hakiki/verify-client')
    const h = await harness({
      proxy: { client: createVerifyClient({ baseUrl: `http://127.0.0.1:${port}`, clientId: 'x', clientSecret: 'y' }) },
    })
    const res = await h.browser().start({ to: GHANA })
    expectProblem(res, 503, 'upstream_unavailable')
    expect(h.events.find((e) => e.type === 'upstream.failed')).toMatchObject({ reason: 'unavailable' })
    expectProblem(await h.browser().request('GET', '/rates'), 503, 'upstream_unavailable')
  })
})

describe('an upstream outage (finding 11)', () => {
  it('is not retried upstream on every start: after 3 failures in a row, starts back off for 30 s', async () => {
    const h = await harness()
    h.sandbox.sandbox.faults.add({ operation: 'create', status: 500, times: 1000 })
    const creates = () => h.upstream.calls.filter((c) => c.startsWith('POST') && c.endsWith('/verification')).length
    for (let i = 0; i < 20; i++) {
      const res = await h.browser().start({ to: `+2332412345${String(i).padStart(2, '0')}` })
      expectProblem(res, 503, 'upstream_unavailable')
      expect(res.headers.get('retry-after')).toBeTruthy()
    }
    expect(creates()).toBe(3)
    // After the window one start probes the provider again; it recovered, so starts flow again.
    h.sandbox.sandbox.faults.clear()
    h.clock.advance(30)
    expect((await h.browser().start({ to: GHANA })).status).toBe(201)
    expect(creates()).toBe(4)
  })
})
