/**
 * The provider port: what the proxy needs from an upstream verification service, and nothing
 * more. The proxy depends only on this interface; `verifyClientProvider` (the spec's Verify API,
 * through `@hakiki/verify-client`) and `createTwilioProvider` (`@hakiki/twilio`, Twilio Verify v2)
 * implement it. A new service is one new implementation: the routes, limits, receipts, number-type
 * policy and error mapping stay as they are.
 *
 * Every method rejects with a {@link ProviderError} (classified: the proxy branches on its `kind`,
 * never on a provider's own error class or message text), or with the caller's abort reason.
 */
import type { Channel, VerificationStatus } from '@hakiki/core'

/** Input of {@link VerifyProvider.start}. The proxy has validated and normalized every field. */
export interface ProviderStartInput {
  /** E.164 phone number (sms, call) or e-mail address (email). */
  to: string
  channel: Channel
  /** BCP-47 tag of the message's language (`pt-BR`); each provider maps it to its own spelling. */
  locale: string
  /** Digits of the code to send, when the provider lets the caller choose (Twilio: per service). */
  codeLength?: number
}

/** A verification as a provider reports it after start, check or status. */
export interface ProviderVerification {
  /** The provider's id of the verification (Verify API: `verificationId`; Twilio: the `VE…` sid). */
  id: string
  /** The address the provider sent to, as it spells it. */
  to: string
  channel: Channel
  status: VerificationStatus
  /** Cost of the send as a decimal string in USD, when the provider reports it. */
  fee?: string
}

/** The SMS fee of one country, when a provider publishes them. */
export interface ProviderRate {
  /** Country name as the provider spells it. */
  name: string
  /** Dialing code as the provider spells it (`+233`, `233`). */
  code: string
  /** Cost of one SMS verification in USD, as a decimal string. */
  fee: string
}

/**
 * The countries a provider can send phone codes to: `'all'` (the service decides per number, as
 * Twilio's geo-permissions do), or ISO 3166-1 alpha-2 codes (`['GH', 'KE']`).
 */
export type ProviderCoverage = 'all' | readonly string[]

/** Per-call options. */
export interface ProviderCallOptions {
  /** Aborting rejects the call with the signal's reason (not a {@link ProviderError}). */
  signal?: AbortSignal
}

/** An upstream verification service, as the proxy sees it. */
export interface VerifyProvider {
  /** Short name for logs and events (`verify-api`, `twilio`). */
  readonly name: string
  /**
   * The countries this provider reaches: the proxy's default `countries` option, so a proxy
   * accepts what its provider can send to without the option being written out
   * (`verifyClientProvider`: the spec API's 14; `createTwilioProvider`: `'all'`). Left out, the
   * proxy keeps the spec API's 14 (the narrow, safe guess for an unknown service). An unknown
   * code throws when the handler is created.
   */
  readonly countries?: ProviderCoverage
  /**
   * The channels this provider can send (Twilio: what the Verify service has set up). Starts on
   * any other channel are refused with 400 `invalid_request` before any counter or upstream call.
   * Left out: every channel.
   */
  readonly channels?: readonly Channel[]
  /**
   * Sends a code. Starting again for the same address while a verification is pending re-sends
   * (the same code, at both services this kit knows) and answers the same id.
   */
  start(input: ProviderStartInput, options?: ProviderCallOptions): Promise<ProviderVerification>
  /**
   * Checks a code. A wrong code answers `status: 'pending'` (not an error); a finished, approved or
   * unknown verification rejects with `not_found`, too many wrong codes with `max_attempts`.
   */
  check(id: string, code: string, options?: ProviderCallOptions): Promise<ProviderVerification>
  /** Reads a verification. Approved ones may answer `not_found` (the Verify API forgets them). */
  status(id: string, options?: ProviderCallOptions): Promise<ProviderVerification>
  /** SMS fees per country; providers that publish none leave it out (`GET /rates` answers 404). */
  rates?(options?: ProviderCallOptions): Promise<ProviderRate[]>
}

export type { Channel, VerificationStatus }
