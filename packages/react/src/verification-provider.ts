import type { VerificationAdapter } from '@hakiki/core'
import { QueryClient, QueryClientContext } from '@tanstack/react-query'
import { createElement, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { VerificationContext } from './verification-context'

/** Props of {@link VerificationProvider}. */
export interface VerificationProviderProps {
  /** The backend: `createProxyAdapter()` in apps, `createMemoryAdapter()` in tests and stories. */
  adapter: VerificationAdapter
  /**
   * The QueryClient the hooks use. Default: the app's own (from a `QueryClientProvider` above),
   * else a private one. The kit never re-provides a client, so the app's hooks are unaffected.
   */
  queryClient?: QueryClient
  /** Client clock in epoch ms for countdowns and the flow; default `Date.now`. Inject in tests. */
  now?: () => number
  children?: ReactNode
}

/** Gives the hooks their adapter and QueryClient. Put it above every component using a Hakiki hook. */
export function VerificationProvider({ adapter, queryClient, now, children }: VerificationProviderProps) {
  const appClient = useContext(QueryClientContext)
  // Created once, and only when neither a prop nor an app client exists.
  const [ownClient] = useState(() => (queryClient ?? appClient ? undefined : createPrivateClient()))
  const client = queryClient ?? appClient ?? ownClient
  if (!client) throw new Error('VerificationProvider: no QueryClient') // unreachable; keeps types honest

  // A QueryClient listens to focus and online events only once mounted; QueryClientProvider
  // would do this, but we do not re-provide the client.
  useEffect(() => {
    if (client !== ownClient) return
    client.mount()
    return () => client.unmount()
  }, [client, ownClient])

  const value = useMemo(() => ({ adapter, queryClient: client, now: now ?? Date.now }), [adapter, client, now])
  return createElement(VerificationContext.Provider, { value }, children)
}

/**
 * Defaults of the private client: no retries of mutations (a retried start could send a second
 * paid SMS), one retry of reads.
 */
function createPrivateClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1 }, mutations: { retry: false } } })
}
