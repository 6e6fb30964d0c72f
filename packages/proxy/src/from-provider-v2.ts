/**
 * `fromProviderV2`: from when the proxy's provider port was v1 and a port-v2 provider (the engine)
 * needed its store and clock handed to it. The proxy takes port v2 itself now: pass the provider
 * as is (`createVerifyHandler({ provider: engine })`), and it keeps its state in the proxy's store,
 * under each request's deadline. Kept so code written against it still runs: it answers a v2
 * provider whose calls use the store and clock given here instead of the proxy's.
 */
import type { ProviderCall, ProviderClock, VerifyProvider, VerifyStore } from '@hakiki/provider'

/** What `fromProviderV2` binds every call to. */
export interface FromProviderV2Options {
  /** The store the provider keeps its state in (the engine's verifications), e.g. `createMemoryStore()` of `@hakiki/store`. */
  store: VerifyStore
  /** Default `Date.now`. */
  clock?: ProviderClock
}

/**
 * @deprecated Pass the port-v2 provider to `createVerifyHandler` as is: the proxy gives it its own
 * store and clock. This returns `provider` with every call bound to `options.store` and `options.clock`.
 */
export function fromProviderV2(provider: VerifyProvider, options: FromProviderV2Options): VerifyProvider {
  const clock = options.clock ?? { now: () => Date.now() }
  const bind = (call: ProviderCall): ProviderCall => ({ ...call, store: options.store, clock })
  const bound: VerifyProvider = {
    ...provider,
    start: (input, call) => provider.start(input, bind(call)),
    check: (id, code, call) => provider.check(id, code, bind(call)),
    status: (id, call) => provider.status(id, bind(call)),
  }
  const { cancel, rates, deliveryReport } = provider
  if (cancel) bound.cancel = (id, call) => cancel.call(provider, id, bind(call))
  if (rates) bound.rates = (call) => rates.call(provider, bind(call))
  if (deliveryReport) bound.deliveryReport = (request, call) => deliveryReport.call(provider, request, bind(call))
  return bound
}
