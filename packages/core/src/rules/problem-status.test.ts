import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../adapters/contract'
import { PROBLEM_STATUS } from './problem-status'

describe('PROBLEM_STATUS', () => {
  it('gives every problem code an HTTP error status', () => {
    expect(Object.keys(PROBLEM_STATUS).toSorted()).toEqual([...ERROR_CODES].toSorted())
    for (const status of Object.values(PROBLEM_STATUS)) expect(status >= 400 && status < 600).toBe(true)
  })
})
