import { HakikiError } from '@hakiki/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setupProvider } from '../test/render-helpers'
import { hakikiKeys } from './query-keys'
import { useCheckCode } from './use-check-code'
import { useStartVerification } from './use-start-verification'

describe('useStartVerification', () => {
  it('starts a verification and seeds its status query', async () => {
    const { wrapper, memory, queryClient } = setupProvider()
    const { result } = renderHook(() => useStartVerification(), { wrapper })
    act(() => result.current.mutate({ to: '+233 24 123 4567' }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toMatchObject({ to: '+233241234567', status: 'pending', codeLength: 6 })
    expect(memory.sent).toHaveLength(1)
    const id = result.current.data?.id ?? ''
    expect(queryClient.getQueryData(hakikiKeys.verification(id))).toMatchObject({ id, status: 'pending' })
  })

  it('types the error as a HakikiError with the proxy code, and calls the caller onSuccess/onError', async () => {
    const { wrapper } = setupProvider()
    const seen: string[] = []
    const { result } = renderHook(() => useStartVerification({ onError: (e) => seen.push(e.code) }), { wrapper })
    act(() => result.current.mutate({ to: '+44 20 7946 0000' }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(HakikiError)
    expect(result.current.error?.code).toBe('unsupported_country')
    expect(seen).toEqual(['unsupported_country'])
  })
})

describe('useCheckCode', () => {
  it('reports a wrong code as pending with fewer attempts, then approves the right one', async () => {
    const { wrapper, queryClient } = setupProvider()
    const { result } = renderHook(() => ({ start: useStartVerification(), check: useCheckCode() }), { wrapper })
    const started = await act(() => result.current.start.mutateAsync({ to: '+233241234567' }))
    const wrong = await act(() => result.current.check.mutateAsync({ id: started.id, code: '000000' }))
    expect(wrong).toMatchObject({ status: 'pending', attemptsLeft: 4 })
    const right = await act(() => result.current.check.mutateAsync({ id: started.id, code: '١٢٣ ٤٥٦' }))
    expect(right).toMatchObject({ status: 'approved', receipt: expect.any(String) })
    expect(queryClient.getQueryData(hakikiKeys.verification(started.id))).toMatchObject({ status: 'approved' })
  })

  it('rejects a malformed code with invalid_code_format', async () => {
    const { wrapper } = setupProvider()
    const { result } = renderHook(() => ({ start: useStartVerification(), check: useCheckCode() }), { wrapper })
    const started = await act(() => result.current.start.mutateAsync({ to: '+233241234567' }))
    act(() => result.current.check.mutate({ id: started.id, code: '12' }))
    await waitFor(() => expect(result.current.check.error?.code).toBe('invalid_code_format'))
  })
})
