/**
 * `toProxyProvider`: a port-v2 provider (the engine, or any other) behind today's proxy, whose
 * provider port is still v1 (`VerifyProvider` of `@hakiki/proxy`). The proxy's calls carry no
 * store or clock, so the adapter gives each call the ones passed here; errors become the proxy's
 * own `ProviderError` of the same kind (the proxy classifies by `instanceof`). Goes away once the
 * proxy takes port v2 itself.
 */
import { isProviderError, type ProviderCall, type ProviderClock, type ProviderErrorKind, type VerifyProvider as ProviderV2, type VerifyStore } from '@hakiki/provider'
import { ProviderError as ProxyProviderError, type VerifyProvider as ProxyProvider } from '@hakiki/proxy'

/** What the proxy's calls do not carry. */
export interface ToProxyProviderOptions {
  /** The store the provider keeps its state in (the engine's verifications). */
  store: VerifyStore
  /** Default `Date.now`. */
  clock?: ProviderClock
}

type ProxyKind = ConstructorParameters<typeof ProxyProviderError>[0]
type ProxyOperation = 'start' | 'check' | 'status' | 'rates'

// Port v2 added `unsupported_channel`; the proxy checks channels itself, so one reaching it is a
// configuration mismatch between the proxy and its provider.
const toProxyKind = (kind: ProviderErrorKind): ProxyKind => (kind === 'unsupported_channel' ? 'misconfigured' : kind)

/** The proxy's provider (port v1) over a port-v2 provider. */
export function toProxyProvider(provider: ProviderV2, options: ToProxyProviderOptions): ProxyProvider {
  const clock = options.clock ?? { now: () => Date.now() }
  const call = (signal?: AbortSignal): ProviderCall => ({ store: options.store, clock, ...(signal ? { signal } : {}) })
  const lift = async <T>(operation: ProxyOperation, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (!isProviderError(error)) throw error
      throw new ProxyProviderError(toProxyKind(error.kind), { operation, provider: provider.name, status: error.status, providerCode: error.providerCode, retryAfter: error.retryAfter, cause: error }, error.message)
    }
  }
  const adapted: ProxyProvider = {
    name: provider.name,
    countries: provider.countries,
    start: (input, o) => lift('start', () => provider.start(input, call(o?.signal))),
    check: (id, code, o) => lift('check', () => provider.check(id, code, call(o?.signal))),
    status: (id, o) => lift('status', () => provider.status(id, call(o?.signal))),
  }
  const rates = provider.rates?.bind(provider)
  if (rates) adapted.rates = (o) => lift('rates', () => rates(call(o?.signal)))
  return adapted
}
