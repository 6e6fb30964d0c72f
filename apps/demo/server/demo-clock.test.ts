import { describe, expect, test } from 'vitest'
import { createDemoClock } from './demo-clock'

describe('createDemoClock', () => {
  test('moves forward by whole seconds and refuses anything else', () => {
    const clock = createDemoClock()
    const before = clock.now()
    clock.advance(601)
    expect(clock.now() - before).toBeGreaterThanOrEqual(601_000)
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 86_401]) expect(() => clock.advance(bad)).toThrow(RangeError)
  })
})
