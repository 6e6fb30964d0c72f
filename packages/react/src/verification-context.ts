import type { VerificationAdapter } from '@hakiki/core'
import type { QueryClient } from '@tanstack/react-query'
import { createContext } from 'react'

/** What the hooks read from `VerificationProvider`. */
export interface VerificationContextValue {
  adapter: VerificationAdapter
  queryClient: QueryClient
  /** Client clock in epoch ms. */
  now: () => number
}

/** The context behind `VerificationProvider`; `null` outside one. Internal: read it with `useVerificationContext`. */
export const VerificationContext = createContext<VerificationContextValue | null>(null)
