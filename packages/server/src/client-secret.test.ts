import { describe, expect, it } from 'vitest'
import { hashClientSecret, isClientSecretHash, MIN_PBKDF2_ITERATIONS, verifyClientSecret } from './client-secret'

describe('client secrets', () => {
  it('hash with a fresh salt, verify the secret and refuse any other', async () => {
    const a = await hashClientSecret('shop-secret-0123456789', MIN_PBKDF2_ITERATIONS)
    const b = await hashClientSecret('shop-secret-0123456789', MIN_PBKDF2_ITERATIONS)
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('shop-secret')
    expect(await verifyClientSecret('shop-secret-0123456789', a)).toBe(true)
    expect(await verifyClientSecret('shop-secret-012345678', a)).toBe(false)
    // A changed hash character is refused wherever it is, the last one included.
    const hash = a.slice(a.lastIndexOf('$') + 1)
    for (const at of [0, 21, 42]) {
      const changed = hash.slice(0, at) + (hash[at] === 'A' ? 'Q' : 'A') + hash.slice(at + 1)
      expect(await verifyClientSecret('shop-secret-0123456789', a.slice(0, a.length - 43) + changed)).toBe(false)
    }
  })

  it('refuse the other spellings of the same hash bytes (the spare low bits of the last character)', async () => {
    const a = await hashClientSecret('shop-secret-0123456789', MIN_PBKDF2_ITERATIONS)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = alphabet.indexOf(a.at(-1)!)
    for (const spare of [1, 2, 3]) {
      const other = a.slice(0, -1) + alphabet[last | spare]
      expect(isClientSecretHash(other)).toBe(false)
      expect(await verifyClientSecret('shop-secret-0123456789', other)).toBe(false)
    }
  })

  it('refuse short secrets, cheap and malformed hashes', async () => {
    await expect(hashClientSecret('short')).rejects.toThrow(RangeError)
    expect(isClientSecretHash(await hashClientSecret('x'.repeat(16), MIN_PBKDF2_ITERATIONS))).toBe(true)
    expect(isClientSecretHash(await hashClientSecret('x'.repeat(16), 1000))).toBe(false)
    expect(isClientSecretHash('plain-text-secret')).toBe(false)
    expect(await verifyClientSecret('anything', 'plain-text-secret')).toBe(false)
  })
})
