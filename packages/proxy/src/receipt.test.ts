import { describe, expect, it } from 'vitest'
import { base64UrlDecodeText, base64UrlEncodeText } from './crypto'
import { createReceiptReplayGuard } from './replay-guard'
import { ReceiptError, signReceipt, verifyReceipt } from './receipt'
import { createMemoryStore } from '@hakiki/store'

/** Both opt-outs written out, for tests about other properties. */
const open = { expectedTo: false, replay: 'allow' } as const

const SECRET = 'a-test-secret-of-at-least-32-bytes!!'
const OTHER_SECRET = 'another-secret-of-at-least-32-bytes!'
const T0 = Date.parse('2030-01-01T00:00:00Z')
const atT0 = () => T0
const subject = { sub: '+233241234567', channel: 'sms' as const, vid: 'VE0123456789abcdef0123456789abcdef' }

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ReceiptError) return error.code
    throw error
  }
  return 'accepted'
}

describe('receipts', () => {
  it('round-trips the claims', async () => {
    const token = await signReceipt(subject, SECRET, { now: () => T0 })
    const claims = await verifyReceipt(token, SECRET, { now: () => T0 + 1000, expectedTo: '+233 24 123 4567', replay: 'allow' })
    expect(claims).toMatchObject({ v: 1, ...subject, iat: T0 / 1000, exp: T0 / 1000 + 600 })
    expect(claims.jti).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('gives each receipt its own jti', async () => {
    const [a, b] = await Promise.all([signReceipt(subject, SECRET), signReceipt(subject, SECRET)])
    expect((await verifyReceipt(a, SECRET, open)).jti).not.toBe((await verifyReceipt(b, SECRET, open)).jti)
  })

  it('rejects a tampered payload, a foreign secret and garbage', async () => {
    const token = await signReceipt(subject, SECRET, { now: () => T0 })
    const [payload = '', signature = ''] = token.split('.')
    const claims = JSON.parse(base64UrlDecodeText(payload) ?? '{}') as Record<string, unknown>
    const forged = `${base64UrlEncodeText(JSON.stringify({ ...claims, sub: '+233209999999' }))}.${signature}`
    const now = atT0
    expect(await rejection(verifyReceipt(forged, SECRET, { ...open, now }))).toBe('bad_signature')
    expect(await rejection(verifyReceipt(token, OTHER_SECRET, { ...open, now }))).toBe('bad_signature')
    // The first character carries 6 whole bits of the MAC: another one is always another MAC (the
    // last one carries only 4, so "…AA" was the same MAC once in ~1024 signatures).
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    expect(await rejection(verifyReceipt(`${payload}.${flipped}`, SECRET, { ...open, now }))).toBe('bad_signature')
    expect(await rejection(verifyReceipt('nope', SECRET, { ...open, now }))).toBe('malformed')
    expect(await rejection(verifyReceipt(`${token}.x`, SECRET, { ...open, now }))).toBe('malformed')
    expect(await rejection(verifyReceipt(42, SECRET, { ...open, now }))).toBe('malformed')
  })

  it('rejects an expired receipt', async () => {
    const token = await signReceipt(subject, SECRET, { now: () => T0, ttlSeconds: 60 })
    expect(await rejection(verifyReceipt(token, SECRET, { ...open, now: () => T0 + 59_000 }))).toBe('accepted')
    expect(await rejection(verifyReceipt(token, SECRET, { ...open, now: () => T0 + 60_000 }))).toBe('expired')
  })

  it('rejects a receipt presented for another address', async () => {
    const token = await signReceipt({ ...subject, sub: 'jane@example.com', channel: 'email' }, SECRET)
    expect(await rejection(verifyReceipt(token, SECRET, { expectedTo: 'JANE@example.com', replay: 'allow' }))).toBe('accepted')
    expect(await rejection(verifyReceipt(token, SECRET, { expectedTo: 'john@example.com', replay: 'allow' }))).toBe('wrong_address')
  })

  it('rejects a replay when given a seen guard', async () => {
    const store = createMemoryStore({ now: () => T0 })
    const seen = createReceiptReplayGuard(store, { now: () => T0 })
    const token = await signReceipt(subject, SECRET, { now: () => T0 })
    expect(await rejection(verifyReceipt(token, SECRET, { now: () => T0, expectedTo: false, seen }))).toBe('accepted')
    expect(await rejection(verifyReceipt(token, SECRET, { now: () => T0, expectedTo: false, seen }))).toBe('replayed')
    const fresh = await signReceipt(subject, SECRET, { now: () => T0 })
    expect(await rejection(verifyReceipt(fresh, SECRET, { now: () => T0, expectedTo: false, seen }))).toBe('accepted')
  })

  it('refuses short secrets', async () => {
    await expect(signReceipt(subject, 'short')).rejects.toThrow(/32 bytes/)
    await expect(verifyReceipt('a.b', new Uint8Array(31), open)).rejects.toThrow(/32 bytes/)
  })

  it('compares e-mail addresses by ASCII case only: a receipt for k@ does not vouch for a Unicode look-alike', async () => {
    // "\u212A" (KELVIN SIGN) lower-cases to an ASCII "k"; so did the whole comparison, and an app
    // that stores the form's address got an account for a mailbox nobody verified.
    const token = await signReceipt({ sub: 'kim@example.com', channel: 'email', vid: subject.vid }, SECRET, { now: atT0 })
    expect(await rejection(verifyReceipt(token, SECRET, { now: atT0, expectedTo: '\u212Aim@example.com', replay: 'allow' }))).toBe('wrong_address')
    expect(await rejection(verifyReceipt(token, SECRET, { now: atT0, expectedTo: 'kim@example.co\u1E41', replay: 'allow' }))).toBe('wrong_address')
    expect((await verifyReceipt(token, SECRET, { now: atT0, expectedTo: ' KIM@Example.COM ', replay: 'allow' })).sub).toBe('kim@example.com')
  })

  it('makes both opt-outs explicit: no expectedTo, or neither seen nor replay, is a TypeError', async () => {
    const token = await signReceipt(subject, SECRET)
    // @ts-expect-error expectedTo is required
    await expect(verifyReceipt(token, SECRET, { replay: 'allow' })).rejects.toThrow(TypeError)
    // @ts-expect-error seen or replay is required
    await expect(verifyReceipt(token, SECRET, { expectedTo: subject.sub })).rejects.toThrow(TypeError)
  })

  it('checks the audience', async () => {
    const token = await signReceipt(subject, SECRET, { audience: 'sign-up' })
    expect(await rejection(verifyReceipt(token, SECRET, { ...open, audience: 'sign-up' }))).toBe('accepted')
    expect(await rejection(verifyReceipt(token, SECRET, open))).toBe('wrong_audience')
    expect(await rejection(verifyReceipt(await signReceipt(subject, SECRET), SECRET, { ...open, audience: 'sign-up' }))).toBe('wrong_audience')
  })

  it('accepts only the canonical base64url spelling of the MAC', async () => {
    const token = await signReceipt(subject, SECRET)
    const [payload = '', signature = ''] = token.split('.')
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    // The last of 43 characters carries 4 bits of MAC and 2 unused bits: flip an unused one.
    const last = alphabet.indexOf(signature.at(-1) ?? 'A')
    const twin = `${payload}.${signature.slice(0, -1)}${alphabet[last ^ 1]}`
    expect(await rejection(verifyReceipt(token, SECRET, open))).toBe('accepted')
    expect(await rejection(verifyReceipt(twin, SECRET, open))).toBe('bad_signature')
  })
})
