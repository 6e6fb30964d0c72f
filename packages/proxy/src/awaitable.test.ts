import { describe, expect, it } from 'vitest'
import { allReady, whenReady } from './awaitable'

describe('whenReady and allReady', () => {
  it('answer at once when nothing is a promise, and with a promise of the same answers otherwise', async () => {
    expect(whenReady(2, (n) => n * 3)).toBe(6)
    const later = whenReady(Promise.resolve(2), (n) => n * 3)
    expect(later).toBeInstanceOf(Promise)
    expect(await later).toBe(6)

    expect(allReady(['a', undefined, 3] as const)).toEqual(['a', undefined, 3])
    const mixed = allReady(['a', Promise.resolve('b'), undefined] as const)
    expect(mixed).toBeInstanceOf(Promise)
    expect(await mixed).toEqual(['a', 'b', undefined])
  })

  it('pass a rejection on as a rejection', async () => {
    const failure = new Error('web crypto failed')
    await expect(allReady(['a', Promise.reject(failure)] as const)).rejects.toBe(failure)
    await expect(whenReady(Promise.reject(failure), () => 'never')).rejects.toBe(failure)
  })
})
