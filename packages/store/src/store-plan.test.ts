import { describe, expect, it } from 'vitest'
import { toCount } from './store-plan'

/** The rule as it was written first: a counter is `-?digits`, read as a number. */
function reference(value: string): number | 'refused' {
  return /^-?\d+$/.test(value) ? Number(value) : 'refused'
}

/** `toCount`'s answer, or how it refused (a TypeError, as for any programming error). */
function read(value: string): number | 'refused' | 'another error' {
  try {
    return toCount(value)
  } catch (error) {
    return error instanceof TypeError ? 'refused' : 'another error'
  }
}

describe('toCount', () => {
  it('reads counters as the pattern does, canonical spellings and others alike', () => {
    const values = ['0', '7', '42', '-3', '-0', '007', '+7', '1.5', '1e3', '', ' 1', '1 ', '0x10', 'abc', '9007199254740991', '9007199254740993', '-9007199254740992', 'Infinity', 'NaN']
    expect(values.map(read)).toEqual(values.map(reference))
  })
})
