import { expect, test } from 'vitest'
import { createClock } from './clock'

test('the clock follows the injected time plus every advance', () => {
  let wall = 1_000
  const clock = createClock(() => wall)
  expect(clock.now()).toBe(1_000)
  clock.advance(1.5)
  expect(clock.now()).toBe(2_500)
  wall = 3_000
  expect(clock.now()).toBe(4_500)
})

test.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 400_000_000])('advance(%s) is refused', (seconds) => {
  const clock = createClock(() => 0)
  expect(() => clock.advance(seconds)).toThrow(RangeError)
  expect(clock.now()).toBe(0)
})
