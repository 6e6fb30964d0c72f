import { ERROR_CODES, PROBLEM_STATUS, type ErrorCode } from '@hakiki/core'
import { describe, expect, it } from 'vitest'
import { ProxyError } from '../src/problem'
import { PROVIDER_ERROR_KINDS, ProviderError } from '@hakiki/provider'
import { createMemoryStore } from '@hakiki/store'
import { GHANA, harnessPerTest, type Harness } from './harness'

// Every problem the proxy answers carries the HTTP status core's PROBLEM_STATUS gives its code, as
// the browser's HakikiError and the memory adapter expect. (Moved from the former
// rules-agree.test.ts, whose other half compared three copies of the rules that are now one.) Each provider error kind comes from the port's own list.

/**
 * HTTP statuses that legitimately differ from the table: refusals of the HTTP exchange itself,
 * all `invalid_request` (see `ProtocolStatus` in problem.ts).
 */
const PROTOCOL_STATUSES: ReadonlySet<string> = new Set(['405 invalid_request', '413 invalid_request', '415 invalid_request'])

/** `status code` of every problem the harness's browsers received. */
const problemsOf = (h: Harness): string[] => h.seen.filter((seen) => typeof seen.body?.code === 'string').map((seen) => `${seen.status} ${String(seen.body?.code)}`)

describe("the proxy's routes answer each problem code with core's PROBLEM_STATUS", () => {
  const harness = harnessPerTest()

  it('over real HTTP, for every code the routes, validation, limits, upstream mapping and store deadline produce', async () => {
    const answered: string[] = []

    // Validation, origin, authorize, routing, cooldown, code checks, expiry: one proxy on the sandbox.
    const h = await harness({ proxy: { authorize: (request) => request.headers.get('x-test-refuse') === null } })
    const page = h.browser()
    await page.request('POST', '/verifications', '{"to":', { 'content-type': 'application/json' })
    await page.request('GET', '/verifications')
    await page.request('POST', '/verifications', 'to=1', { 'content-type': 'text/plain' })
    await page.request('POST', '/verifications', JSON.stringify({ to: GHANA, pad: 'x'.repeat(17_000) }), { 'content-type': 'application/json' })
    await page.request('GET', '/nowhere')
    await page.start({ to: '0241234567' })
    await page.start({ to: 'ama@@example.com', channel: 'email' })
    await page.start({ to: '+447911123456' })
    await page.start({ to: '+27862123456' })
    await page.start({ to: GHANA, locale: 'tlh' })
    await h.browser({ origin: null }).start({ to: GHANA })
    await h.browser({ headers: { 'x-test-refuse': '1' } }).start({ to: GHANA })
    const started = await page.start({ to: GHANA })
    const id = String(started.body?.id)
    await page.start({ to: GHANA })
    await page.check(id, '12')
    const wrong = h.codeFor(GHANA).replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10))
    for (let attempt = 0; attempt < 6; attempt++) await page.check(id, wrong)
    const other = h.browser()
    const late = await other.start({ to: '+254712345678' })
    h.clock.advance(601)
    await other.check(String(late.body?.id), '123456')
    answered.push(...problemsOf(h))
    await h.close()

    // Each upstream failure kind, mapped to a problem.
    for (const kind of PROVIDER_ERROR_KINDS) {
      const failing = await harness({
        wrapProvider: (provider) => ({
          ...provider,
          start: () => Promise.reject(new ProviderError(kind, { operation: 'start', provider: provider.name })),
          check: () => Promise.reject(new ProviderError(kind, { operation: 'check', provider: provider.name })),
        }),
      })
      const browser = failing.browser()
      await browser.start({ to: GHANA })
      answered.push(...problemsOf(failing))
      await failing.close()
    }

    // A store that fails.
    const broken = createMemoryStore()
    const storeDown = await harness({ proxy: { store: { ...broken, get: () => Promise.reject(new Error('down')), take: () => Promise.reject(new Error('down')) } } })
    await storeDown.browser().start({ to: GHANA })
    answered.push(...problemsOf(storeDown))

    const disagreeing = answered.filter((answer) => {
      const [status, problem] = answer.split(' ') as [string, ErrorCode]
      return Number(status) !== PROBLEM_STATUS[problem] && !PROTOCOL_STATUSES.has(answer)
    })
    expect(disagreeing).toEqual([])
    // The run reached every code and every protocol status, so the comparison above is not vacuous.
    const codesSeen = new Set(answered.map((answer) => answer.split(' ')[1]))
    expect(ERROR_CODES.filter((problem) => !codesSeen.has(problem))).toEqual([])
    expect([...PROTOCOL_STATUSES].filter((answer) => !answered.includes(answer))).toEqual([])
  }, 30_000) // Three servers and ~40 requests: 1.4 s alone, past Vitest's 5 s default at load ~35 in a full run; the ceiling is for a hang.

  it('derives a ProxyError status from its code, overridable only by an invalid_request', () => {
    for (const problem of ERROR_CODES) expect({ problem, status: new ProxyError(problem).status }).toEqual({ problem, status: PROBLEM_STATUS[problem] })
    expect(new ProxyError('invalid_request', { status: 413 }).status).toBe(413)
    // A status smuggled past the types onto another code is ignored.
    expect(new ProxyError('not_found', { status: 413 } as object).status).toBe(404)
  })
})
