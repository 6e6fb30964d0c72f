import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import { render, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { hakikiKeys } from './query-keys'
import { useRates } from './use-rates'
import { useVerificationContext } from './use-verification-context'
import { VerificationProvider } from './verification-provider'

const adapter = createMemoryAdapter()

function Bare({ children }: { children?: ReactNode }) {
  return <VerificationProvider adapter={adapter}>{children}</VerificationProvider>
}

function Orphan() {
  useRates()
  return null
}

describe('VerificationProvider', () => {
  it("uses the app's QueryClient when there is one, without re-providing another", async () => {
    const appClient = new QueryClient()
    const wrapper = ({ children }: { children?: ReactNode }) => (
      <QueryClientProvider client={appClient}>
        <VerificationProvider adapter={adapter}>{children}</VerificationProvider>
      </QueryClientProvider>
    )
    const { result } = renderHook(() => ({ rates: useRates(), app: useQueryClient() }), { wrapper })
    await waitFor(() => expect(result.current.rates.isSuccess).toBe(true))
    expect(appClient.getQueryData(hakikiKeys.rates())).toEqual(result.current.rates.data)
    expect(result.current.app).toBe(appClient)
  })

  it('prefers the queryClient prop, leaving the app client alone', async () => {
    const appClient = new QueryClient()
    const kitClient = new QueryClient()
    const wrapper = ({ children }: { children?: ReactNode }) => (
      <QueryClientProvider client={appClient}>
        <VerificationProvider adapter={adapter} queryClient={kitClient}>
          {children}
        </VerificationProvider>
      </QueryClientProvider>
    )
    const { result } = renderHook(() => ({ rates: useRates(), app: useQueryClient() }), { wrapper })
    await waitFor(() => expect(result.current.rates.isSuccess).toBe(true))
    expect(kitClient.getQueryData(hakikiKeys.rates())).toBeDefined()
    expect(appClient.getQueryData(hakikiKeys.rates())).toBeUndefined()
    expect(result.current.app).toBe(appClient)
  })

  it('makes a private client when the app has none, stable across renders', async () => {
    const { result, rerender } = renderHook(() => ({ rates: useRates(), context: useVerificationContext() }), { wrapper: Bare })
    await waitFor(() => expect(result.current.rates.isSuccess).toBe(true))
    const client = result.current.context.queryClient
    rerender()
    expect(result.current.context.queryClient).toBe(client)
    expect(client.getQueryData(hakikiKeys.rates())).toBeDefined()
  })

  it('throws a clear error for hooks outside it', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<Orphan />)).toThrow('inside <VerificationProvider>')
    spy.mockRestore()
  })
})
