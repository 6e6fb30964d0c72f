/**
 * The provider port v2: what the proxy needs from whatever sends and checks codes (a vendor's
 * Verify API, Twilio Verify, or `@hakiki/engine`, which makes, sends and checks codes itself).
 *
 * Compared with the proxy's port v1 (`@hakiki/proxy`'s `VerifyProvider`), v2 adds, and removes
 * nothing:
 * - `start()` learns which pending verification it re-sends (`input.resend`), so a re-send keeps
 *   its id, its code and its cooldowns instead of looking like a new verification;
 * - a provider declares what it can do (`channels`, `codeLength`, `lifetimeSeconds`,
 *   `maxAttempts`, `maxSends`, `countries`) instead of the proxy guessing it through options;
 * - every call receives the proxy's store and clock (`call.store`, `call.clock`), so a provider
 *   that keeps state (the engine) keeps it where the proxy does, under the proxy's deadline;
 * - a verification may carry its delivery status, and a provider may take delivery reports.
 *
 * Every method rejects with a {@link ProviderError} (classified by `kind`), or with the caller's
 * abort reason.
 */
import type { Channel, VerificationStatus } from '@hakiki/core'
import type { VerifyStore } from './verify-store'

/** Where a message is on its way to the person: from the transport's answer and its delivery reports. */
export type DeliveryStatus =
  /** Accepted by us, not yet handed to a carrier (or the carrier has not answered). */
  | 'queued'
  /** Accepted by the carrier (SMSC, gateway, mail server). */
  | 'sent'
  /** The carrier reports it reached the handset or mailbox. */
  | 'delivered'
  /** Refused or lost before the carrier took it (a transport error, a rejected submit). */
  | 'failed'
  /** The carrier took it but reports it could not be delivered (expired, rejected by the network). */
  | 'undelivered'

/** Every delivery status, in the order a message moves through them. */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['queued', 'sent', 'delivered', 'failed', 'undelivered']

/** The pending verification a start re-sends, as the caller (the proxy) remembers it. */
export interface PendingVerification {
  /** The provider's id, as an earlier start answered it. */
  id: string
  /** Channel of the latest send. */
  channel: Channel
  /** Sends so far (the first included). */
  sends: number
}

/** Input of {@link VerifyProvider.start}. The caller has validated and normalized every field. */
export interface ProviderStartInput {
  /** E.164 phone number (sms, call) or e-mail address (email). */
  to: string
  channel: Channel
  /** BCP-47 tag of the message's language (`pt-BR`); each provider maps it to its own spelling. */
  locale: string
  /** Digits of the code to send, when the provider lets the caller choose (else its `codeLength`). */
  codeLength?: number
  /**
   * The pending verification of this address this start re-sends: the provider sends the same
   * code again under the same id (over `channel`, which may differ), or rejects with `max_sends`.
   * When it is no longer pending at the provider, a new verification starts.
   */
  resend?: PendingVerification
}

/** A verification as a provider reports it after start, check or status. */
export interface ProviderVerification {
  /** The provider's id of the verification. */
  id: string
  /** The address the provider sent to, as it spells it. */
  to: string
  channel: Channel
  status: VerificationStatus
  /** Cost of the send as a decimal string in USD, when the provider reports it. */
  fee?: string
  /** Delivery status of the latest send, when the provider knows it. */
  delivery?: DeliveryStatus
  /** Epoch milliseconds after which the code no longer works, when the provider says. */
  expiresAt?: number
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

/** `'all'` (the service decides per number), or ISO 3166-1 alpha-2 codes (`['GH', 'KE']`). */
export type ProviderCoverage = 'all' | readonly string[]

/** The provider's view of time: epoch milliseconds. The proxy passes its own, tests a fake one. */
export interface ProviderClock {
  now(): number
}

/** What every call receives from its caller. */
export interface ProviderCall {
  /** The caller's store (already bounded by the caller's deadline): where a stateful provider keeps its state. */
  store: VerifyStore
  /** The caller's clock. */
  clock: ProviderClock
  /** Aborting rejects the call with the signal's reason (not a {@link ProviderError}). */
  signal?: AbortSignal
}

/** What a provider can do, declared up front so the caller validates before spending a send. */
export interface ProviderCapabilities {
  /** Channels it sends; others are refused with `unsupported_channel` before any call. */
  readonly channels: readonly Channel[]
  /** Digits of the codes it sends (4–10). */
  readonly codeLength: number
  /** Seconds a code works after the first send (re-sends do not extend it). */
  readonly lifetimeSeconds: number
  /** Wrong codes after which a verification is finished. */
  readonly maxAttempts: number
  /** Sends per verification, the first included. */
  readonly maxSends: number
  /** Countries it reaches with phone channels. */
  readonly countries: ProviderCoverage
}

/** Something that sends and checks codes, as the proxy sees it. */
export interface VerifyProvider extends ProviderCapabilities {
  /** Short name for logs and events (`verify-api`, `twilio`, `engine`). */
  readonly name: string
  /**
   * Sends a code: a new verification, or the same code again for `input.resend` (or, for a
   * provider that tracks addresses itself, for the pending verification of the same address).
   */
  start(input: ProviderStartInput, call: ProviderCall): Promise<ProviderVerification>
  /**
   * Checks a code. A wrong code answers `status: 'pending'` (not an error) until `maxAttempts`;
   * a finished, approved or unknown verification rejects with `not_found`, too many wrong codes
   * with `max_attempts` (or answers `cancelled`).
   */
  check(id: string, code: string, call: ProviderCall): Promise<ProviderVerification>
  /** Reads a verification. Approved ones may answer `not_found`. */
  status(id: string, call: ProviderCall): Promise<ProviderVerification>
  /** Ends a pending verification without a code (the person gave up); unknown ones reject with `not_found`. */
  cancel?(id: string, call: ProviderCall): Promise<ProviderVerification>
  /** SMS fees per country; providers that publish none leave it out. */
  rates?(call: ProviderCall): Promise<ProviderRate[]>
  /**
   * Takes a delivery report (a gateway's webhook) and answers the gateway. The caller mounts it
   * at a path of its own; the provider authenticates the report itself.
   */
  deliveryReport?(request: Request, call: ProviderCall): Promise<Response>
}

export type { Channel, VerificationStatus }
