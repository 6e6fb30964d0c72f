import { describe, expect, it } from 'vitest'
import { median, percentile, summarize } from './stats'

describe('percentile (nearest rank)', () => {
  it('returns one of the samples, whatever their order', () => {
    const samples = [9, 1, 8, 2, 7, 3, 6, 4, 5, 10]
    expect(percentile(samples, 50)).toBe(5)
    expect(percentile(samples, 90)).toBe(9)
    expect(percentile(samples, 99)).toBe(10)
    expect(percentile(samples, 0)).toBe(1)
    expect(median([3, 1, 2])).toBe(2)
  })

  it('is NaN without samples, and does not reorder its input', () => {
    expect(percentile([], 50)).toBeNaN()
    const samples = [3, 1, 2]
    percentile(samples, 50)
    expect(samples).toEqual([3, 1, 2])
  })

  it('summarizes with rounding to 0.01', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1 + 0.004)
    expect(summarize(samples)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 })
  })
})
