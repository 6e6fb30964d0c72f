import { describe, expect, it } from 'vitest'
import { toCount } from './store-plan'

/** The rule as it was written first: a counter is `-?digits`, read as a number. */
function reference(value: string): number | 'refused' {
  return /^-?\d+$/.test(value) ? Number(value) : 'refused'
}

describe('toCount', () => {
  it('reads counters as the pattern does, canonical spellings and others alike', () => {
    const values = ['0', '7', '42', '-3', '-0', '007', '+7', '1.5', '1e3', '', ' 1', '1 ', '0x10', 'abc', '9007199254740991', '9007199254740993', '-9007199254740992', 'Infinity', 'NaN']
    const read = (value: string) => {
      try {
        return toCount(value)
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError)
        return 'refused'
      }
    }
    expect(values.map(read)).toEqual(values.map(reference))
  })
})
