/**
 * Property-based test: arbitrary methods, paths, ids, headers and bodies thrown at the handler
 * (in process, against an in-process sandbox, for speed). It must never answer 500, never reject,
 * never leave an unhandled rejection, and answer only documented JSON or problems with known codes.
 */
import { ERROR_CODES } from '@hakiki/core'
import { createSandbox } from '@hakiki/sandbox'
import { createVerifyClient } from '@hakiki/verify-client'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVerifyHandler } from '../src/create-verify-handler'
import type { VerifyHandler } from '../src/create-verify-handler'
import { GHANA, SECRET, T0 } from './harness'

const ORIGIN = 'http://proxy.test'
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)

let handler: VerifyHandler
let realId = ''
let realCookie = ''

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  let t = T0
  const now = () => (t += 1000)
  const sandbox = createSandbox({ now })
  const client = createVerifyClient({
    baseUrl: 'https://sandbox.test',
    clientId: 'sandbox-client-id',
    clientSecret: 'sandbox-client-secret',
    fetch: (input, init) => sandbox.fetch(new Request(input, init)),
    now,
  })
  handler = createVerifyHandler({ client, secret: SECRET, now })
  // One real verification and session, so that some runs reach the deep paths of check and status.
  const res = await handler(
    new Request(`${ORIGIN}/api/verify/verifications`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ to: GHANA }),
    }),
  )
  realId = String(((await res.json()) as { id: string }).id)
  realCookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
})

afterAll(() => {
  process.off('unhandledRejection', onUnhandled)
})

// Mostly the right method for the route and a well-formed, same-origin request, so that most runs
// get past routing and origin checks into validation, limits, sessions and upstream calls.
const anyMethod = fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), fc.stringMatching(/^[A-Z]{1,10}$/))
const rightOr = (right: string) => fc.oneof({ arbitrary: fc.constant(right), weight: 5 }, { arbitrary: anyMethod, weight: 1 })
const id = fc.oneof(
  { arbitrary: fc.constant(() => realId), weight: 3 },
  { arbitrary: fc.string({ maxLength: 80 }).map((s) => () => encodeURIComponent(s)), weight: 1 },
  { arbitrary: fc.stringMatching(/^VE[0-9a-f]{32}$/).map((s) => () => s), weight: 1 },
)
const route = fc.oneof(
  rightOr('POST').map((m) => ({ m, p: () => '/api/verify/verifications' })),
  fc.tuple(rightOr('GET'), id).map(([m, i]) => ({ m, p: () => `/api/verify/verifications/${i()}` })),
  fc.tuple(rightOr('POST'), id).map(([m, i]) => ({ m, p: () => `/api/verify/verifications/${i()}/check` })),
  rightOr('GET').map((m) => ({ m, p: () => '/api/verify/rates' })),
  fc.tuple(anyMethod, fc.webPath()).map(([m, p]) => ({ m, p: () => p })),
)
const headerValue = fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s))
const often = <T,>(usual: fc.Arbitrary<T>, ...rare: fc.Arbitrary<T>[]) =>
  fc.oneof({ arbitrary: usual, weight: 6 }, ...rare.map((arbitrary) => ({ arbitrary, weight: 1 })))
const requestHeaders = fc.record(
  {
    origin: often(fc.constant(ORIGIN), fc.constant('https://evil.example'), fc.constant('null'), headerValue),
    'content-type': often(fc.constant('application/json'), fc.constant('application/json; charset=utf-8'), fc.constant('text/plain'), headerValue),
    cookie: often(fc.constant(() => realCookie), headerValue.map((v) => () => v), fc.constant(() => `hakiki_sid=${'A'.repeat(22)}.${'B'.repeat(43)}`)),
    'x-forwarded-for': headerValue,
  },
  { requiredKeys: ['origin', 'content-type'] },
)
const codeLike = fc.oneof(fc.string(), fc.stringMatching(/^[0-9 -]{0,12}$/), fc.integer(), fc.constant(null))
const body = fc.oneof(
  fc.constant(undefined),
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }),
  fc.record({ to: fc.oneof(fc.string(), fc.constant(GHANA), fc.emailAddress(), fc.integer()), channel: fc.oneof(fc.constantFrom('sms', 'call', 'email'), fc.string()), locale: fc.oneof(fc.constantFrom('pt-BR', 'en', 'zh-Hant'), fc.string()) }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.record({ code: codeLike }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.constant(`{"to":"${'x'.repeat(20_000)}"}`),
  // Well-formed starts and checks, to reach limits, sessions and upstream answers.
  fc.record({ to: fc.constantFrom(GHANA, '+254712345678', '+2348031234567', 'fuzz@example.com'), locale: fc.constantFrom('en', 'pt-BR', 'fr') }).map((o) =>
    JSON.stringify({ ...o, channel: o.to.includes('@') ? 'email' : 'sms' }),
  ),
  fc.stringMatching(/^[0-9]{6}$/).map((code) => JSON.stringify({ code })),
)

/** What is wrong with an answer, as a list (empty when it follows the contract). */
function violations(method: string, status: number, headers: Headers, text: string): string[] {
  const found: string[] = []
  if (status >= 500 && status !== 502 && status !== 503) found.push(`status ${status}`)
  if (status === 204) return method === 'OPTIONS' && text === '' ? found : [...found, '204 outside a preflight']
  let json: Record<string, unknown>
  try {
    json = JSON.parse(text) as Record<string, unknown>
  } catch {
    return [...found, `not JSON: ${text.slice(0, 80)}`]
  }
  const type = headers.get('content-type')
  if (status >= 400) {
    if (type !== 'application/problem+json') found.push(`problem served as ${type}`)
    if (!(ERROR_CODES as readonly unknown[]).includes(json.code)) found.push(`unknown code ${String(json.code)}`)
    if (json.status !== status) found.push(`body status ${String(json.status)} for ${status}`)
  } else {
    if (type !== 'application/json') found.push(`success served as ${type}`)
    if ('code' in json) found.push('success body with a code')
  }
  return found
}

describe('handler under arbitrary input', () => {
  it('answers only documented JSON or known problems, never 500, never throws', async () => {
    await fc.assert(
      fc.asyncProperty(route, requestHeaders, body, async ({ m, p }, h, b) => {
        const init: RequestInit = { method: m, headers: {} }
        const hs = new Headers()
        for (const [name, value] of Object.entries(h)) hs.set(name, typeof value === 'function' ? value() : value)
        init.headers = hs
        if (b !== undefined && m !== 'GET' && m !== 'HEAD') init.body = b
        let request: Request
        try {
          request = new Request(ORIGIN + p(), init)
        } catch {
          return // Not a request a Fetch runtime could hand us (e.g. a forbidden method).
        }
        const response = await handler(request)
        expect(violations(m, response.status, response.headers, await response.text())).toEqual([])
      }),
      { numRuns: 300 },
    )
    // Let any stray promise settle before looking for unhandled rejections.
    await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toEqual([])
  })
})
