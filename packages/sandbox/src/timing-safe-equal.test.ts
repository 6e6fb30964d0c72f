import { expect, test } from 'vitest'
import { timingSafeEqual } from './timing-safe-equal'

test.each([
  ['123456', '123456', true],
  ['123456', '123457', false],
  ['12345', '123456', false],
  ['1234567', '123456', false],
  ['', '', true],
  ['', 'x', false],
  ['é', 'e', false],
  ['sandbox-client-secret', 'sandbox-client-secret', true],
])('timingSafeEqual(%j, %j) is %s', (a, b, expected) => {
  expect(timingSafeEqual(a, b)).toBe(expected)
})
