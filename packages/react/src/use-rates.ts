import type { HakikiError, RatesResponse } from '@hakiki/core'
import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'
import { hakikiKeys } from './query-keys'
import { useVerificationContext } from './use-verification-context'

/** Options of {@link useRates}: TanStack Query options without `queryKey` and `queryFn`. */
export type UseRatesOptions = Omit<UseQueryOptions<RatesResponse, HakikiError, RatesResponse, ReturnType<typeof hakikiKeys.rates>>, 'queryKey' | 'queryFn'>

/** SMS fees per covered country. Fees change rarely: fresh for an hour unless `staleTime` says otherwise. */
export function useRates(options: UseRatesOptions = {}): UseQueryResult<RatesResponse, HakikiError> {
  const { adapter, queryClient } = useVerificationContext()
  return useQuery(
    { staleTime: 60 * 60 * 1000, ...options, queryKey: hakikiKeys.rates(), queryFn: ({ signal }) => adapter.rates({ signal }) },
    queryClient,
  )
}
