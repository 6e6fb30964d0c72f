import { describe, expect, it } from 'vitest'
import { readSubmittedCode } from './code-format'

describe('readSubmittedCode', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['123-456', '123456'],
    ['123‧456', '123456'],
    ['123·456', '123456'],
    ['123•456', '123456'],
    ['123_456', '123456'],
    ['123\u2013456', '123456'],
    ['\u200E١٢٣٤٥٦\u200F', '123456'],
    ['１２３４５６', '123456'],
    ['0000', '0000'],
    ['1234567890', '1234567890'],
  ])('reads %j as %j', (input, code) => {
    expect(readSubmittedCode(input)).toBe(code)
  })

  it.each([['123'], ['12345678901'], ['Your code is 123456'], ['123456a'], [''], [' '], ['1'.repeat(65)], [123456], [null], [undefined]])(
    'refuses %j (no guessing on the server)',
    (input) => {
      expect(readSubmittedCode(input)).toBeUndefined()
    },
  )
})
