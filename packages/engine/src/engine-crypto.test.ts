import { expect, test } from 'vitest'
import { createKeyedHash, deriveCode, deriveKey, hmac } from './engine-crypto'

const SECRET = 'a-secret-of-at-least-thirty-two-bytes!!'

test('node:crypto and Web Crypto derive the same keys, MACs and codes (a store written in Node is read in a worker)', async () => {
  for (const secret of [SECRET, new TextEncoder().encode(SECRET)]) {
    const [node, web] = await Promise.all([deriveKey(secret, 'codes', true), deriveKey(secret, 'codes', false)])
    expect(node.raw).toBeInstanceOf(Uint8Array)
    expect(web.web).toBeDefined()
    expect(await hmac(node, 'VE0123\u0000seed\u00000')).toEqual(await hmac(web, 'VE0123\u0000seed\u00000'))
    for (const length of [4, 6, 10]) expect(await deriveCode((t) => hmac(node, t), 'VEab', 'cd', length)).toBe(await deriveCode((t) => hmac(web, t), 'VEab', 'cd', length))
  }
  // Purposes give unrelated keys on both paths.
  expect(await hmac(await deriveKey(SECRET, 'addresses', true), 'x')).not.toEqual(await hmac(await deriveKey(SECRET, 'codes', true), 'x'))
})

test('the engine keyed hash is HMAC-SHA-256 under each purpose key, so stored seeds and address keys keep their meaning', async () => {
  const hash = createKeyedHash(SECRET)
  for (const purpose of ['codes', 'addresses'] as const) {
    expect(await hash(purpose, 'VEab\u0000cd\u00000')).toEqual(await hmac(await deriveKey(SECRET, purpose, false), 'VEab\u0000cd\u00000'))
  }
})
