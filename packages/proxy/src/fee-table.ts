/**
 * Fees per destination country for the money budgets, from the provider's published rates
 * (`VerifyProvider.rates`), read at most once per `ttlSeconds` and only after a send went out,
 * never on the way of a start: until the first answer (or when the provider publishes none, or the read
 * fails) the budgets assume `defaultFeeUsd`, which is above every rate the kit knows of.
 */
import type { CountryCode } from 'libphonenumber-js/max'
import type { Awaitable } from './awaitable'
import { loadPhoneLibrary, loadedPhoneLibrary } from './phone-library'
import type { ProviderCall, VerifyProvider } from './verify-provider'

/** The fee lookup, and its refresh (called after a send went out, never for a refused request). */
export interface FeeTable {
  /** The fee of a country's sends, USD: synchronous once the phone library is loaded (a phone start loads it first). */
  feeOf(country: string): Awaitable<number>
  /** Reads the rates again in the background if they are older than the TTL. */
  refresh(): void
}

/** Builds the fee table of a provider. */
export function createFeeTable(provider: VerifyProvider, options: { ttlSeconds: number; defaultFeeUsd: number; now: () => number; call: () => ProviderCall }): FeeTable {
  let byDialCode = new Map<string, number>()
  let fetchedAt = Number.NEGATIVE_INFINITY
  let pending: Promise<void> | undefined

  const refresh = () => {
    if (!provider.rates || pending || options.now() - fetchedAt < options.ttlSeconds * 1000) return
    fetchedAt = options.now()
    pending = provider
      .rates(options.call())
      .then((rates) => {
        const next = new Map<string, number>()
        for (const rate of rates) {
          const fee = Number(rate.fee)
          if (Number.isFinite(fee) && fee >= 0) next.set(rate.code.replace(/^\+/, '').trim(), fee)
        }
        byDialCode = next
      })
      .catch(() => undefined)
      .finally(() => {
        pending = undefined
      })
  }

  const feeIn = (library: Awaited<ReturnType<typeof loadPhoneLibrary>>, country: string): number => {
    let dialCode: string
    try {
      dialCode = library.getCountryCallingCode(country as CountryCode)
    } catch {
      return options.defaultFeeUsd
    }
    return byDialCode.get(dialCode) ?? options.defaultFeeUsd
  }
  const feeOf = (country: string): Awaitable<number> => {
    const library = loadedPhoneLibrary()
    if (library !== undefined) return feeIn(library, country)
    return loadPhoneLibrary().then(
      (loaded) => feeIn(loaded, country),
      () => options.defaultFeeUsd,
    )
  }
  return { feeOf, refresh }
}
