import type { VerificationAdapter } from '@hakiki/core'
import { createMemoryAdapter, type MemoryAdapterOptions } from '@hakiki/engine/memory-adapter'
import { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { VerificationProvider } from '../src/verification-provider'

/** A provider over the memory adapter (fixed code 123456) and a QueryClient without retries. */
export function setupProvider(options: MemoryAdapterOptions & { wrapAdapter?: (a: VerificationAdapter) => VerificationAdapter } = {}) {
  const { wrapAdapter, ...memoryOptions } = options
  const memory = createMemoryAdapter({ fixedCode: '123456', ...memoryOptions })
  const adapter = wrapAdapter ? wrapAdapter(memory) : memory
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  function Wrapper({ children }: { children?: ReactNode }) {
    return (
      <VerificationProvider adapter={adapter} queryClient={queryClient} {...(memoryOptions.now ? { now: memoryOptions.now } : {})}>
        {children}
      </VerificationProvider>
    )
  }
  return { memory, adapter, queryClient, wrapper: Wrapper }
}

/** Counts calls of each adapter method, passing them through. */
export function countCalls(calls: Record<string, number>) {
  return (adapter: VerificationAdapter): VerificationAdapter => {
    const counted = (name: keyof VerificationAdapter) =>
      ((...args: unknown[]) => {
        calls[name] = (calls[name] ?? 0) + 1
        return (adapter[name] as (...a: unknown[]) => unknown)(...args)
      }) as never
    return { start: counted('start'), check: counted('check'), status: counted('status'), rates: counted('rates') }
  }
}
