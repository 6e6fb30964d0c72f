import { signReceipt } from '@hakiki/proxy'
import { beforeAll, describe, expect, it } from 'vitest'
import { signUp } from './sign-up'

const SECRET = 'sign-up-test-secret-0123456789abcdef'
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  signUp(new Request('http://localhost:3000/api/signup', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }))

beforeAll(() => {
  process.env.HAKIKI_SECRET = SECRET
})

describe('the sign-up route', () => {
  it('refuses a body over 16 KiB with 413 without reading it all', async () => {
    // It used to buffer any body with `request.json()`.
    const res = await post(JSON.stringify({ to: '+233241234567', receipt: 'x'.repeat(20_000) }))
    expect(res.status).toBe(413)
  })

  it('accepts a receipt once (the guard lives in the app’s one store, server/store.ts)', async () => {
    const to = '+233241234567'
    const receipt = await signReceipt({ sub: to, channel: 'sms', vid: 'VE0123456789abcdef0123456789abcdef' }, SECRET)
    expect((await post(JSON.stringify({ to, receipt }))).status).toBe(201)
    const again = await post(JSON.stringify({ to, receipt }))
    expect(again.status).toBe(400)
    expect(((await again.json()) as { code: string }).code).toMatch(/^receipt_/)
  })
})
