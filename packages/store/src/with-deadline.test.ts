import { describe, expect, it } from 'vitest'
import { StoreUnavailableError } from './store-unavailable-error'
import { callAsync, storeUntil, storeWithDeadline, withDeadline } from './with-deadline'

const never = () => new Promise<never>(() => {})

describe('withDeadline', () => {
  it('resolves what the work resolves, in time', async () => {
    expect(await withDeadline('get', 1000, async () => 'v')).toBe('v')
  })

  it('turns a late call into StoreUnavailableError (timeout) and a failed one into (failed) with its cause', async () => {
    await expect(withDeadline('take', 20, never)).rejects.toMatchObject({ name: 'StoreUnavailableError', code: 'store_unavailable', reason: 'timeout', message: 'store take timed out' })
    const cause = new Error('ECONNREFUSED 127.0.0.1:6379')
    const failed = await withDeadline('get', 1000, () => Promise.reject(cause)).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(StoreUnavailableError)
    expect(failed).toMatchObject({ reason: 'failed', message: 'store get failed', cause })
    const thrown = await withDeadline('get', 1000, () => {
      throw cause
    }).catch((e: unknown) => e)
    expect(thrown).toMatchObject({ reason: 'failed', cause })
  })

  it('keeps a StoreUnavailableError from the store as it is', async () => {
    const full = new StoreUnavailableError('write', 'full')
    await expect(withDeadline('write', 1000, () => Promise.reject(full))).rejects.toBe(full)
  })
})

describe('storeWithDeadline and storeUntil', () => {
  const slow = { get: (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('late'), ms)), name: 'slow' }

  it('wrap every method; other members pass through', async () => {
    const wrapped = storeWithDeadline(slow, 50)
    expect(wrapped.name).toBe('slow')
    expect(await wrapped.get(0)).toBe('late')
    await expect(wrapped.get(5000)).rejects.toMatchObject({ reason: 'timeout', message: 'store get timed out' })
    expect(() => storeWithDeadline(slow, 0)).toThrow(TypeError)
  })

  it('storeUntil shares one deadline between the calls of a request', async () => {
    let now = 0
    const wrapped = storeUntil(slow, 100, { now: () => now })
    expect(await wrapped.get(0)).toBe('late')
    now = 60
    // 40 ms left, not a fresh 100.
    const started = Date.now()
    await expect(wrapped.get(5000)).rejects.toMatchObject({ reason: 'timeout' })
    expect(Date.now() - started).toBeLessThan(1000)
    now = 100
    await expect(wrapped.get(0)).rejects.toMatchObject({ reason: 'timeout' })
  })

  it('storeUntil gives a give-back its grace past the deadline, and nothing else', async () => {
    const calls: string[] = []
    const store = {
      give: async () => void calls.push('give'),
      add: async () => void calls.push('add'),
    }
    const late = storeUntil(store, 0, { now: () => 10, graceMs: 500 })
    await late.give()
    await expect(late.add()).rejects.toMatchObject({ reason: 'timeout' })
    await expect(storeUntil(store, 0, { now: () => 10 }).give()).rejects.toMatchObject({ reason: 'timeout' })
    expect(calls).toEqual(['give'])
  })
})

describe('callAsync', () => {
  it('hands back the work\'s own promise, and a synchronous throw as a rejection, never as a throw', async () => {
    const pending = Promise.resolve('v')
    expect(callAsync(() => pending)).toBe(pending)
    const cause = new Error('client not connected')
    const failed = callAsync<string>(() => {
      throw cause
    })
    expect(failed).toBeInstanceOf(Promise)
    await expect(failed).rejects.toBe(cause)
  })
})
