import { describe, expect, it } from 'vitest'
import { benchPhoneNumber } from './load-protocol'
import { runFlows } from './run-flows'

describe('runFlows', () => {
  it('never has more than `concurrency` flows in progress and stops at maxFlows', async () => {
    let inFlight = 0
    let peak = 0
    const seen: number[] = []
    const result = await runFlows({
      concurrency: 3,
      maxFlows: 10,
      maxSeconds: 60,
      flow: async (index) => {
        inFlight += 1
        peak = Math.max(peak, inFlight)
        seen.push(index)
        await Promise.resolve()
        inFlight -= 1
        return { start: index, check: 2 * index }
      },
    })
    expect(peak).toBe(3)
    expect(seen.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(result.completed).toBe(10)
    expect(result.start.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(result.check).toHaveLength(10)
  })

  it('stops starting flows at the deadline (injected clock) and counts failures', async () => {
    let clock = 0
    const result = await runFlows({
      concurrency: 1,
      maxFlows: 1000,
      maxSeconds: 5,
      now: () => clock,
      flow: async (index) => {
        clock += 1000
        if (index % 2 === 1) throw new Error(`start answered 429 rate_limited`)
        return { start: 1, check: 1 }
      },
    })
    expect(result.completed + result.failed).toBe(5)
    expect(result.failed).toBe(2)
    expect(result.firstFailure).toBe('start answered 429 rate_limited')
    expect(result.seconds).toBe(5)
  })
})

describe('benchPhoneNumber', () => {
  it('gives distinct Ghanaian mobile numbers and refuses indexes out of range', () => {
    expect(benchPhoneNumber(0)).toBe('+233240000000')
    expect(benchPhoneNumber(9_999_999)).toBe('+233249999999')
    expect(() => benchPhoneNumber(10_000_000)).toThrow(RangeError)
    expect(() => benchPhoneNumber(-1)).toThrow(RangeError)
  })
})
