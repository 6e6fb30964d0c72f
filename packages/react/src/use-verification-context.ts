import { useContext } from 'react'
import { VerificationContext, type VerificationContextValue } from './verification-context'

/** The adapter, QueryClient and clock of the nearest `VerificationProvider`. Throws without one. */
export function useVerificationContext(): VerificationContextValue {
  const value = useContext(VerificationContext)
  if (!value) throw new Error('Hakiki hooks must be used inside <VerificationProvider>')
  return value
}
