import type { HakikiError, VerificationStatusResponse } from '@hakiki/core'
import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'
import { hakikiKeys } from './query-keys'
import { useVerificationContext } from './use-verification-context'

/** Options of {@link useVerification}. */
export interface UseVerificationOptions
  extends Omit<UseQueryOptions<VerificationStatusResponse, HakikiError, VerificationStatusResponse, ReturnType<typeof hakikiKeys.verification>>, 'queryKey' | 'queryFn' | 'refetchInterval'> {
  /** Milliseconds between reads while the verification is pending; default 5000. */
  pollInterval?: number
}

/** Statuses after which nothing changes any more. */
const FINAL = new Set(['approved', 'expired', 'cancelled'])

/**
 * Reads the status of a verification and re-reads it every `pollInterval` until it is final
 * (`approved`, `expired`, `cancelled`) or unknown (`not_found`). Disabled while `id` is empty.
 */
export function useVerification(id: string | undefined, options: UseVerificationOptions = {}): UseQueryResult<VerificationStatusResponse, HakikiError> {
  const { adapter, queryClient } = useVerificationContext()
  const { pollInterval = 5000, ...rest } = options
  return useQuery(
    {
      retry: (failures, error) => error.code !== 'not_found' && failures < 1,
      ...rest,
      queryKey: hakikiKeys.verification(id ?? ''),
      queryFn: ({ signal }) => adapter.status(id ?? '', { signal }),
      enabled: Boolean(id) && rest.enabled !== false,
      refetchInterval: (query) => {
        const { data, error } = query.state
        if (error?.code === 'not_found' || (data && FINAL.has(data.status))) return false
        return pollInterval
      },
    },
    queryClient,
  )
}
