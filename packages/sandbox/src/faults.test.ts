import { describe, expect, test } from 'vitest'
import { createFaults, parseFault } from './faults'

describe('parseFault', () => {
  test('defaults times to 1', () => {
    expect(parseFault({ operation: 'create', status: 500 })).toEqual({ operation: 'create', status: 500, times: 1 })
  })

  test.each([
    [null, /object/],
    [[], /object/],
    [{ operation: 'delete', status: 500 }, /'operation'/],
    [{ operation: 'get', status: 403 }, /'status'/],
    [{ operation: 'get', status: '500' }, /'status'/],
    [{ operation: 'get', delayMs: -1 }, /'delayMs'/],
    [{ operation: 'get', delayMs: 60_001 }, /'delayMs'/],
    [{ operation: 'get', delayMs: 1.5 }, /'delayMs'/],
    [{ operation: 'get', status: 404, times: 0 }, /'times'/],
    [{ operation: 'get' }, /'status', 'delayMs'/],
  ])('refuses %j', (input, message) => {
    expect(() => parseFault(input)).toThrow(message)
  })
})

describe('createFaults', () => {
  test('take consumes faults per operation, in order, times times', () => {
    const faults = createFaults()
    faults.add({ operation: 'get', status: 404, times: 2 })
    faults.add({ operation: 'get', status: 500 })
    faults.add({ operation: 'verify', delayMs: 5 })
    expect(faults.take('create')).toBeUndefined()
    expect(faults.take('get')?.status).toBe(404)
    expect(faults.list()).toEqual([
      { operation: 'get', status: 404, times: 1 },
      { operation: 'get', status: 500, times: 1 },
      { operation: 'verify', delayMs: 5, times: 1 },
    ])
    expect(faults.take('get')?.status).toBe(404)
    expect(faults.take('get')?.status).toBe(500)
    expect(faults.take('get')).toBeUndefined()
    faults.clear()
    expect(faults.take('verify')).toBeUndefined()
  })
})
