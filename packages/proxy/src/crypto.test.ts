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

describe('node:crypto and Web Crypto', () => {
  it('derive the same keys: a MAC made by either verifies with the other, and a wrong one with neither', async () => {
    const { deriveHmacKeyUncached, verifyHmac } = await import('./crypto')
    const node = await deriveHmacKeyUncached(SECRET, 'receipt', 'node')
    const web = await deriveHmacKeyUncached(SECRET, 'receipt', 'web')
    // This test runs in Node: the fast path is the one taken, and the other is Web Crypto.
    expect({ node: node.raw instanceof Uint8Array, web: web.web !== undefined }).toEqual({ node: true, web: true })
    const data = 'id.1700000000000'
    const byNode = await hmac(node, data)
    expect(await hmac(web, data)).toBe(byNode)
    expect(await verifyHmac(web, data, byNode)).toBe(true)
    expect(await verifyHmac(node, data, byNode)).toBe(true)
    const other = await hmac(await deriveHmacKeyUncached(SECRET, 'session', 'node'), data)
    expect(await verifyHmac(node, data, other)).toBe(false)
    expect(await verifyHmac(web, data, other)).toBe(false)
    expect(await verifyHmac(node, `${data}!`, byNode)).toBe(false)
  })
})

describe('createMac', () => {
  it('answers synchronously where node:crypto is, with the MACs of hmac and verifyHmac under the same key', async () => {
    const { createMac, verifyHmac } = await import('./crypto')
    const mac = createMac(SECRET, 'store-keys')
    const data = 'address:+233241234567'
    const signed = mac.sign(data)
    // This test runs in Node: no promise, no microtask hop per MAC.
    expect(typeof signed).toBe('string')
    expect(signed).toBe(await hmac(await deriveHmacKey(SECRET, 'store-keys'), data))
    expect(mac.verify(data, signed as string)).toBe(true)
    expect(await verifyHmac(await deriveHmacKey(SECRET, 'store-keys'), data, signed as string)).toBe(true)
    // Another purpose's key, other data, and another spelling of the same MAC are all refused.
    expect(createMac(SECRET, 'session').verify(data, signed as string)).toBe(false)
    expect(mac.verify(`${data}!`, signed as string)).toBe(false)
    const last = (signed as string).at(-1) === 'A' ? 'B' : 'A'
    expect(mac.verify(data, `${(signed as string).slice(0, -1)}${last}`)).toBe(false)
  })
})

describe('base64url and random ids', () => {
  it('encodes views into a larger buffer as their own bytes, as btoa spells them', async () => {
    const { base64UrlEncode, base64UrlDecode } = await import('./crypto')
    const big = crypto.getRandomValues(new Uint8Array(300))
    for (let start = 0; start < 40; start += 3) {
      for (const length of [0, 1, 2, 3, 16, 32, 33]) {
        const view = big.subarray(start, start + length)
        const viaBtoa = btoa(String.fromCharCode(...view)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
        expect(base64UrlEncode(view)).toBe(viaBtoa)
        expect(base64UrlDecode(viaBtoa)).toEqual(new Uint8Array(view))
      }
    }
  })

  it('hands out 128-bit ids that never repeat, across refills of the random pool', async () => {
    const { randomId } = await import('./crypto')
    const ids = Array.from({ length: 2000 }, () => randomId())
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.every((id) => /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true)
    // Longer than the pool: drawn apart.
    expect(randomId(5000)).toMatch(/^[A-Za-z0-9_-]{6667}$/)
  })
})
