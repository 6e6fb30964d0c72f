import type { HakikiError, StartVerificationRequest, StartVerificationResponse, VerificationStatusResponse } from '@hakiki/core'
import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query'
import { hakikiKeys } from './query-keys'
import { useVerificationContext } from './use-verification-context'

/** Options of {@link useStartVerification}: TanStack Query mutation options without `mutationFn`. */
export type UseStartVerificationOptions = Omit<UseMutationOptions<StartVerificationResponse, HakikiError, StartVerificationRequest>, 'mutationFn'>

/**
 * Starts a verification (sends a code), or re-sends to the same address after the cooldown.
 * `mutate({ to, channel?, locale? })`; `error` is a `HakikiError`. The status query of the new
 * verification is seeded, so `useVerification(data.id)` has data at once.
 */
export function useStartVerification(
  options: UseStartVerificationOptions = {},
): UseMutationResult<StartVerificationResponse, HakikiError, StartVerificationRequest> {
  const { adapter, queryClient } = useVerificationContext()
  return useMutation(
    {
      ...options,
      mutationFn: (request) => adapter.start(request),
      onSuccess: (data, ...rest) => {
        const status: VerificationStatusResponse = { id: data.id, status: data.status, expiresAt: data.expiresAt, serverTime: data.serverTime }
        queryClient.setQueryData(hakikiKeys.verification(data.id), status)
        return options.onSuccess?.(data, ...rest)
      },
    },
    queryClient,
  )
}
