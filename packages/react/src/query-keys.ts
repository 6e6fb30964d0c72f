/** TanStack Query keys of the Hakiki hooks, for `invalidateQueries` and `setQueryData`. */
export const hakikiKeys = {
  /** Every Hakiki query. */
  all: ['hakiki'] as const,
  /** The status of one verification (`useVerification`). */
  verification: (id: string) => ['hakiki', 'verification', id] as const,
  /** SMS fees (`useRates`). */
  rates: () => ['hakiki', 'rates'] as const,
}
