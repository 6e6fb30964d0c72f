import { signReceipt } from '@hakiki/proxy'
import { describe, expect, test } from 'vitest'
import { createSignupHandler } from './create-signup-handler'

const secret = 'a-demo-secret-of-at-least-32-bytes-long!!'
const to = '+233241234567'
const vid = 'VE0123456789abcdef0123456789abcdef'
const url = 'http://127.0.0.1:5173/api/signup'

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:5173', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code

describe('POST /api/signup', () => {
  test('a valid receipt for the address creates the account, once', async () => {
    const signup = createSignupHandler({ secret })
    const receipt = await signReceipt({ sub: to, channel: 'sms', vid }, secret)
    const response = await signup(post({ name: '  Ama Mensah ', to, receipt }))
    expect(response.status).toBe(201)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ name: 'Ama Mensah', verified: { to, channel: 'sms', verificationId: vid, verifiedAt: expect.any(String) } })
    // The answer says what was verified; it never echoes the receipt (a bearer token).
    expect(text).not.toContain(receipt)

    const again = await signup(post({ name: 'Ama Mensah', to, receipt }))
    expect(again.status).toBe(400)
    expect(await codeOf(again)).toBe('receipt_replayed')
  })

  test('a receipt for another address, signed with another secret, or too old is refused', async () => {
    let now = Date.UTC(2026, 0, 1)
    const signup = createSignupHandler({ secret, now: () => now })
    const forOther = await signReceipt({ sub: '+254711000001', channel: 'sms', vid }, secret, { now: () => now })
    expect(await codeOf(await signup(post({ name: 'A', to, receipt: forOther })))).toBe('receipt_wrong_address')

    const forged = await signReceipt({ sub: to, channel: 'sms', vid }, 'another-secret-of-at-least-32-bytes-long', { now: () => now })
    expect(await codeOf(await signup(post({ name: 'A', to, receipt: forged })))).toBe('receipt_bad_signature')

    const old = await signReceipt({ sub: to, channel: 'sms', vid }, secret, { now: () => now })
    now += 601_000
    expect(await codeOf(await signup(post({ name: 'A', to, receipt: old })))).toBe('receipt_expired')
  })

  test('refuses what a sign-up form cannot be', async () => {
    const signup = createSignupHandler({ secret })
    const receipt = await signReceipt({ sub: to, channel: 'sms', vid }, secret)
    const cases: [Request, number][] = [
      [new Request(url), 405],
      [post({ name: 'A', to, receipt }, { 'content-type': 'text/plain' }), 415],
      [post({ name: 'A', to, receipt }, { origin: 'https://evil.example' }), 403],
      [post('{not json'), 400],
      [post({ name: '   ', to, receipt }), 400],
      [post({ name: 'x'.repeat(101), to, receipt }), 400],
      [post({ name: 'A', receipt }), 400],
      [post({ name: 'A', to, receipt: 'not.a-receipt' }), 400],
    ]
    const statuses = await Promise.all(cases.map(async ([request]) => (await signup(request)).status))
    expect(statuses).toEqual(cases.map(([, status]) => status))
  })
})
