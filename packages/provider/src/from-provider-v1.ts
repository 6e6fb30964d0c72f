/**
 * Runs a provider written for the proxy's earlier port v1 (`start(input, { signal })` and no
 * declared limits) behind port v2: the kit's own providers are v2 now, this keeps a third
 * party's v1 provider working. The v1 provider keeps no state, so the store and clock of each
 * call go unused; `resend` is dropped (a stateful service re-sends by address); its errors become
 * v2 errors of the same kind.
 */
import type { Channel } from '@hakiki/core'
import { isProviderError, ProviderError, type ProviderOperation } from './provider-error'
import type { ProviderCapabilities, ProviderCoverage, ProviderRate, ProviderStartInput, ProviderVerification, VerifyProvider } from './verify-provider'

/** The v1 port, as far as this adapter calls it (structural: this package does not import the proxy). */
export interface ProviderV1 {
  readonly name: string
  readonly countries?: ProviderCoverage
  start(input: Omit<ProviderStartInput, 'resend'>, options?: { signal?: AbortSignal }): Promise<ProviderVerification>
  check(id: string, code: string, options?: { signal?: AbortSignal }): Promise<ProviderVerification>
  status(id: string, options?: { signal?: AbortSignal }): Promise<ProviderVerification>
  rates?(options?: { signal?: AbortSignal }): Promise<ProviderRate[]>
}

/** What a v1 provider does not declare; defaults are the spec API's and Twilio's (6 digits, 10 minutes, 5 and 5). */
export type ProviderV1Capabilities = Partial<ProviderCapabilities>

/** A v2 provider over a v1 one. */
export function fromProviderV1(v1: ProviderV1, capabilities: ProviderV1Capabilities = {}): VerifyProvider {
  const declared = {
    channels: capabilities.channels ?? (['sms', 'call', 'email'] as readonly Channel[]),
    codeLength: capabilities.codeLength ?? 6,
    lifetimeSeconds: capabilities.lifetimeSeconds ?? 600,
    maxAttempts: capabilities.maxAttempts ?? 5,
    maxSends: capabilities.maxSends ?? 5,
    countries: capabilities.countries ?? v1.countries ?? 'all',
  }
  const lift = async <T>(operation: ProviderOperation, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof ProviderError || !isProviderError(error)) throw error
      const e = error as ProviderError
      throw new ProviderError(e.kind, { operation, provider: v1.name, status: e.status, providerCode: e.providerCode, retryAfter: e.retryAfter, cause: e }, e.message)
    }
  }
  const provider: VerifyProvider = {
    name: v1.name,
    ...declared,
    start({ resend: _resend, ...input }, call) {
      if (!declared.channels.includes(input.channel)) return Promise.reject(new ProviderError('unsupported_channel', { operation: 'start', provider: v1.name }))
      return lift('start', () => v1.start(input, { signal: call.signal }))
    },
    check: (id, code, call) => lift('check', () => v1.check(id, code, { signal: call.signal })),
    status: (id, call) => lift('status', () => v1.status(id, { signal: call.signal })),
  }
  const rates = v1.rates?.bind(v1)
  if (rates) provider.rates = (call) => lift('rates', () => rates({ signal: call.signal }))
  return provider
}
