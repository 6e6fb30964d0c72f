/**
 * The provider port: what the proxy needs from whatever sends and checks codes. It is port v2 of
 * `@hakiki/provider` (re-exported here): a provider declares its channels, code length, lifetime,
 * attempts and countries; every call receives the proxy's store and clock (`{ store, clock }`: the
 * request's store, under its one deadline), `start` learns the pending verification it re-sends,
 * and a verification may carry its delivery status. `@hakiki/engine`'s `createEngineProvider` is
 * one. A provider written for the older port (v1: `verifyClientProvider`, `createTwilioProvider`
 * until they move) still works: the handler runs it behind v2 with `fromProviderV1`, declaring
 * the proxy's own options (`codeLength`, `codeTtlSeconds`, `maxCheckAttempts`) for it.
 *
 * Every method rejects with a `ProviderError` (classified: the proxy branches on its `kind`,
 * never on a provider's own error class or message text), or with the caller's abort reason.
 */
import { fromProviderV1 } from '@hakiki/provider'
import type { ProviderCapabilities, ProviderV1, VerifyProvider } from '@hakiki/provider'
import { ALL_CHANNELS, COUNTRIES } from '@hakiki/core/rules'
import type { Channel } from '@hakiki/core/rules'

export type {
  DeliveryStatus,
  PendingVerification,
  ProviderCall,
  ProviderCapabilities,
  ProviderClock,
  ProviderCoverage,
  ProviderRate,
  ProviderStartInput,
  ProviderVerification,
  VerifyProvider,
} from '@hakiki/provider'

/** Per-call options of a v1 provider. */
export interface ProviderCallOptions {
  /** Aborting rejects the call with the signal's reason (not a `ProviderError`). */
  signal?: AbortSignal
}

/**
 * A provider of the older port (v1): no store or clock per call, no declared code length,
 * lifetime or attempts (the proxy's options say them). `channels` left out: every channel.
 */
export interface VerifyProviderV1 extends ProviderV1 {
  /** The channels it can send; others are refused with `unsupported_channel` before any call. */
  readonly channels?: readonly Channel[]
}

/** Whether `provider` is of port v2 (it declares what it can do). */
export function isProviderV2(provider: VerifyProvider | VerifyProviderV1): provider is VerifyProvider {
  const p = provider as Partial<ProviderCapabilities>
  return Array.isArray(p.channels) && [p.codeLength, p.lifetimeSeconds, p.maxAttempts, p.maxSends].every((n) => typeof n === 'number') && p.countries !== undefined
}

/** What a v1 provider is declared to do: the proxy's options (defaults: 6 digits, 10 minutes, 5 attempts). */
export interface V1Declarations {
  codeLength: number
  lifetimeSeconds: number
  maxAttempts: number
}

/** A v2 provider as is; a v1 one behind `fromProviderV1`, declared with the proxy's options. */
export function toProviderV2(provider: VerifyProvider | VerifyProviderV1, declared: V1Declarations): VerifyProvider {
  if (isProviderV2(provider)) return provider
  return fromProviderV1(provider, {
    ...declared,
    // v1: left out means every channel, and the spec API's covered countries (the narrow, safe
    // guess for an unknown service); the v2 adapter's defaults are other.
    channels: provider.channels ?? ALL_CHANNELS,
    countries: provider.countries ?? COUNTRIES.map((country) => country.iso2),
  })
}
