import type { VerificationAdapter } from '@hakiki/core'
import type { QueryClient } from '@tanstack/react-query'
import { createContext, useContext } from 'react'

/** What the hooks read from `VerificationProvider`. */
export interface VerificationContextValue {
  adapter: VerificationAdapter
  queryClient: QueryClient
  /** Client clock in epoch ms. */
  now: () => number
}

/** The context behind `VerificationProvider`; `null` outside one. */
export const VerificationContext = createContext<VerificationContextValue | null>(null)

/** The adapter, QueryClient and clock of the nearest `VerificationProvider`. Throws without one. */
export function useVerificationContext(): VerificationContextValue {
  const value = useContext(VerificationContext)
  if (!value) throw new Error('Hakiki hooks must be used inside <VerificationProvider>')
  return value
}
