/**
 * `fromProviderV2`: a provider of the port v2 (`@hakiki/provider`: `@hakiki/engine`'s
 * `createEngineProvider`, or any other) behind this proxy, whose provider port is still v1. The
 * proxy's calls carry no store or clock, so each call gets the ones passed here; errors become the
 * proxy's own `ProviderError` of the same kind (the proxy classifies by `instanceof`). Goes away
 * once the proxy takes port v2 itself.
 */
import { isProviderError, type ProviderCall, type ProviderClock, type ProviderErrorKind as V2Kind, type VerifyProvider as ProviderV2, type VerifyStore } from '@hakiki/provider'
import { ProviderError, type ProviderErrorKind } from './provider-error'
import type { VerifyProvider } from './verify-provider'

/** What the proxy's calls do not carry. */
export interface FromProviderV2Options {
  /** The store the provider keeps its state in (the engine's verifications), e.g. `createMemoryStore()` of `@hakiki/store`. */
  store: VerifyStore
  /** Default `Date.now`. */
  clock?: ProviderClock
}

type Operation = 'start' | 'check' | 'status' | 'rates'

// Port v2 added `unsupported_channel`; the proxy checks channels itself (from `channels`), so one
// reaching it is a configuration mismatch between the proxy and its provider.
const toKind = (kind: V2Kind): ProviderErrorKind => (kind === 'unsupported_channel' ? 'misconfigured' : kind)

/** This proxy's provider (port v1) over a port-v2 provider: `createVerifyHandler({ provider: fromProviderV2(engine, { store }) })`. */
export function fromProviderV2(provider: ProviderV2, options: FromProviderV2Options): VerifyProvider {
  const clock = options.clock ?? { now: () => Date.now() }
  const call = (signal?: AbortSignal): ProviderCall => ({ store: options.store, clock, ...(signal ? { signal } : {}) })
  const lift = async <T>(operation: Operation, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (!isProviderError(error)) throw error
      throw new ProviderError(toKind(error.kind), { operation, provider: provider.name, status: error.status, providerCode: error.providerCode, retryAfter: error.retryAfter, cause: error }, error.message)
    }
  }
  const adapted: VerifyProvider = {
    name: provider.name,
    countries: provider.countries,
    channels: provider.channels,
    start: (input, o) => lift('start', () => provider.start(input, call(o?.signal))),
    check: (id, code, o) => lift('check', () => provider.check(id, code, call(o?.signal))),
    status: (id, o) => lift('status', () => provider.status(id, call(o?.signal))),
  }
  const rates = provider.rates?.bind(provider)
  if (rates) adapted.rates = (o) => lift('rates', () => rates(call(o?.signal)))
  return adapted
}
