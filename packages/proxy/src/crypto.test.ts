import { describe, expect, it } from 'vitest'
import { deriveHmacKey, hmac } from './crypto'

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long'

describe('deriveHmacKey', () => {
  it('derives once per secret and purpose', () => {
    expect(deriveHmacKey(SECRET, 'receipt')).toBe(deriveHmacKey(SECRET, 'receipt'))
    expect(deriveHmacKey(SECRET, 'receipt')).not.toBe(deriveHmacKey(SECRET, 'session'))
    expect(deriveHmacKey(SECRET, 'receipt')).not.toBe(deriveHmacKey(`${SECRET}!`, 'receipt'))
    const bytes = new TextEncoder().encode(SECRET)
    expect(deriveHmacKey(bytes, 'receipt')).toBe(deriveHmacKey(bytes, 'receipt'))
  })

  it('keeps purposes apart: the same data signs differently per purpose, alike per secret form', async () => {
    const receipt = await hmac(await deriveHmacKey(SECRET, 'receipt'), 'data')
    const session = await hmac(await deriveHmacKey(SECRET, 'session'), 'data')
    const fromBytes = await hmac(await deriveHmacKey(new TextEncoder().encode(SECRET), 'receipt'), 'data')
    expect(receipt).not.toBe(session)
    expect(fromBytes).toBe(receipt)
  })
})
