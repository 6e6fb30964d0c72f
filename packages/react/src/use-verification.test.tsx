import { notifyManager } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { countCalls, setupProvider } from '../test/render-helpers'
import { useRates } from './use-rates'
import { useVerification } from './use-verification'

// TanStack Query batches notifications on a 0 ms timer; on microtasks instead, a fake-timer
// advance delivers a fetch's result in the same step.
beforeAll(() => notifyManager.setScheduler(queueMicrotask))
afterAll(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)))
afterEach(() => {
  vi.useRealTimers()
})

async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

describe('useVerification', () => {
  it('polls while pending and stops once the status is final', async () => {
    vi.useFakeTimers()
    const calls: Record<string, number> = {}
    const { wrapper, memory } = setupProvider({ wrapAdapter: countCalls(calls) })
    const { id } = await memory.start({ to: '+233241234567' })
    const { result } = renderHook(() => useVerification(id, { pollInterval: 1000 }), { wrapper })
    await advance(0)
    expect(result.current.data?.status).toBe('pending')

    await advance(1000)
    expect(calls.status).toBe(2)
    await memory.check(id, '123456')
    await advance(1000)
    expect(result.current.data?.status).toBe('approved')
    const reads = calls.status
    await advance(10_000)
    expect(calls.status).toBe(reads)
  })

  it('stops on not_found without retrying', async () => {
    const calls: Record<string, number> = {}
    const { wrapper } = setupProvider({ wrapAdapter: countCalls(calls) })
    const { result } = renderHook(() => useVerification('VEunknown', { pollInterval: 10 }), { wrapper })
    await waitFor(() => expect(result.current.error?.code).toBe('not_found'))
    expect(calls.status).toBe(1)
  })

  it('does nothing without an id', () => {
    const calls: Record<string, number> = {}
    const { wrapper } = setupProvider({ wrapAdapter: countCalls(calls) })
    const { result } = renderHook(() => useVerification(undefined), { wrapper })
    expect(result.current.fetchStatus).toBe('idle')
    expect(calls.status).toBeUndefined()
  })
})

describe('useRates', () => {
  it('reads the fees once and caches them', async () => {
    const calls: Record<string, number> = {}
    const { wrapper } = setupProvider({ wrapAdapter: countCalls(calls) })
    const first = renderHook(() => useRates(), { wrapper })
    await waitFor(() => expect(first.result.current.data?.countries).toHaveLength(14))
    const second = renderHook(() => useRates(), { wrapper })
    expect(second.result.current.data?.currency).toBe('USD')
    expect(calls.rates).toBe(1)
  })

  it('exposes failures as HakikiError', async () => {
    const { wrapper } = setupProvider({ fail: { rates: 'upstream_unavailable' } })
    const { result } = renderHook(() => useRates(), { wrapper })
    await waitFor(() => expect(result.current.error?.code).toBe('upstream_unavailable'))
  })
})
