import { describe, expect, test } from 'vitest'
import { createRandom } from './random'

/** A byte source that replays `bytes` in a loop. */
function replay(bytes: number[]) {
  let i = 0
  return (n: number) => Uint8Array.from({ length: n }, () => bytes[i++ % bytes.length]!)
}

describe('createRandom', () => {
  test('hex, token and uuid have their formats and come from the byte source', () => {
    const random = createRandom(replay([0xab]))
    expect(random.hex(16)).toBe('ab'.repeat(16))
    expect(random.uuid()).toBe('abababab-abab-4bab-abab-abababababab')
    const token = createRandom().token()
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(createRandom().token()).not.toBe(token)
  })

  test('refuses a byte source that returns too few bytes', () => {
    expect(() => createRandom(() => new Uint8Array(1)).hex(16)).toThrow(TypeError)
  })
})
