import type { CheckCodeResponse, HakikiError, VerificationStatusResponse } from '@hakiki/core'
import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query'
import { hakikiKeys } from './query-keys'
import { useVerificationContext } from './use-verification-context'

/** Variables of {@link useCheckCode}'s `mutate`. */
export interface CheckCodeVariables {
  /** The verification id from `useStartVerification`. */
  id: string
  /** The code as typed; the proxy normalizes spaces, dashes and non-ASCII digits. */
  code: string
}

/** Options of {@link useCheckCode}: TanStack Query mutation options without `mutationFn`. */
export type UseCheckCodeOptions = Omit<UseMutationOptions<CheckCodeResponse, HakikiError, CheckCodeVariables>, 'mutationFn'>

/**
 * Checks a code: `mutate({ id, code })`. A wrong code is not an error: `data.status` stays
 * `pending` with fewer `attemptsLeft`; `approved` comes with a `receipt`. The verification's
 * status query is updated from the answer.
 */
export function useCheckCode(options: UseCheckCodeOptions = {}): UseMutationResult<CheckCodeResponse, HakikiError, CheckCodeVariables> {
  const { adapter, queryClient } = useVerificationContext()
  return useMutation(
    {
      ...options,
      mutationFn: ({ id, code }) => adapter.check(id, code),
      onSuccess: (data, ...rest) => {
        queryClient.setQueryData<VerificationStatusResponse>(hakikiKeys.verification(data.id), (old) =>
          old ? { ...old, status: data.status, ...(data.serverTime ? { serverTime: data.serverTime } : {}) } : old,
        )
        return options.onSuccess?.(data, ...rest)
      },
    },
    queryClient,
  )
}
