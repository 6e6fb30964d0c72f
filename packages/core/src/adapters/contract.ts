/**
 * The browser-facing contract of `@hakiki/proxy`: the JSON shapes the proxy answers with and the
 * adapters in this package read. Fields may be added over time, never renamed.
 */
import type { ApiLocale } from '../rules/locales'

/** How the code travels to the user. Facts about each (address kind, switch partner…) are in `CHANNEL_INFO`. */
export type Channel = 'sms' | 'call' | 'email' | 'whatsapp'

/**
 * The channels a flow offers when the app names none, in the order a picker shows them. WhatsApp
 * is not among them: few providers send it (Twilio Verify does), so an app offers it by naming it.
 */
export const CHANNELS: readonly Channel[] = ['sms', 'call', 'email']

/** Every channel the kit knows. */
export const ALL_CHANNELS: readonly Channel[] = ['sms', 'call', 'email', 'whatsapp']

/**
 * What the provider last said of the message that carries the code: `queued` (accepted, not yet
 * out), `sent` (handed to the carrier or mail server), `delivered` (the handset or mailbox has
 * it), `failed` (never sent) or `undelivered` (sent, refused on the way). Absent when the provider
 * reports nothing (the Verify API does not; a delivery-report provider does).
 */
export type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered'

/** Every {@link DeliveryStatus}; anything else on the wire is ignored. */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['queued', 'sent', 'delivered', 'failed', 'undelivered']

/** Status of a verification as the browser sees it. */
export type VerificationStatus = 'pending' | 'approved' | 'expired' | 'cancelled'

/** Body of `POST {base}/verifications`. */
export interface StartVerificationRequest {
  /** E.164 phone number (`+233241234567`) for sms/call, e-mail address for email. */
  to: string
  /** Defaults to `sms`. */
  channel?: Channel
  /** BCP-47 tag (`pt-BR`); the proxy maps it to the API's spelling (`pr-BR`). Defaults to `en`. */
  locale?: string
}

/** 201 answer of `POST {base}/verifications`. */
export interface StartVerificationResponse {
  /** Verification id, to check the code against. */
  id: string
  /** The normalized address the code was sent to. */
  to: string
  channel: Channel
  status: VerificationStatus
  /** Number of digits of the code that was sent. */
  codeLength: number
  /** ISO 8601 time (server clock) after which the code no longer works. */
  expiresAt: string
  /** ISO 8601 time (server clock) from which a resend is accepted. */
  resendAt: string
  /** Wrong codes the user may still try. */
  attemptsLeft: number
  /** ISO 8601 time of the server when it answered, so clients can correct their clock skew. */
  serverTime: string
  /** Cost of the send in USD, as a decimal string, when the API reported it. */
  fee?: string
  /** Where the message with the code is, when the provider reports it. */
  delivery?: DeliveryStatus
}

/** Body of `POST {base}/verifications/{id}/check`. */
export interface CheckCodeRequest {
  /** The code as typed; the proxy normalizes spaces, dashes and non-ASCII digits. */
  code: string
}

/** 200 answer of `POST {base}/verifications/{id}/check`. */
export interface CheckCodeResponse {
  id: string
  status: VerificationStatus
  /** Wrong codes the user may still try. */
  attemptsLeft: number
  /** On approval: a short-lived signed token for the app's sign-up handler (`verifyReceipt`). */
  receipt?: string
  /** ISO 8601 time of the server when it answered. */
  serverTime?: string
}

/** 200 answer of `GET {base}/verifications/{id}`. */
export interface VerificationStatusResponse {
  id: string
  status: VerificationStatus
  expiresAt: string
  /** ISO 8601 time of the server when it answered. */
  serverTime?: string
  /** Where the message with the code is, when the provider reports it (the last it said). */
  delivery?: DeliveryStatus
}

/** One country of `GET {base}/rates`. */
export interface CountryRate {
  name: string
  /** ISO 3166-1 alpha-2 code. */
  iso2: string
  /** Dialing code without `+`. */
  dialCode: string
  /** USD per SMS verification, as a decimal string. */
  fee: string
}

/** 200 answer of `GET {base}/rates`. */
export interface RatesResponse {
  currency: 'USD'
  countries: CountryRate[]
}

/** Stable machine-readable error codes of the proxy (and of `HakikiError`). */
export const ERROR_CODES = [
  'invalid_request',
  'invalid_phone_number',
  'invalid_email',
  'unsupported_country',
  // A valid number of a covered country whose type (premium-rate, toll-free, VoIP, fixed line for
  // SMS...) cannot receive the channel's code, or is a toll-fraud target.
  'unsupported_number_type',
  // A channel the provider behind the proxy cannot send (WhatsApp through the Verify API).
  'unsupported_channel',
  'unsupported_locale',
  'invalid_code_format',
  'rate_limited',
  'not_found',
  'expired',
  'too_many_attempts',
  'forbidden_origin',
  // The app's own `authorize` hook (session, captcha) refused to start a verification.
  'forbidden',
  'upstream_unavailable',
  'upstream_error',
  // The proxy's own store (Redis) did not answer in time: nothing was sent; retry later.
  'store_unavailable',
] as const

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number]

/** An `application/problem+json` body (RFC 9457) as the proxy sends it. */
export interface ProblemDetails {
  /** URI naming the problem type (`https://hakiki.dev/problems/rate_limited`). */
  type: string
  title: string
  status: number
  code: ErrorCode
  detail?: string
  /** Seconds to wait before trying again (also in the `Retry-After` header). */
  retryAfter?: number
  /** Wrong codes the user may still try. */
  attemptsLeft?: number
}

/** Base URI of the problem types. */
export const PROBLEM_TYPE_BASE = 'https://hakiki.dev/problems/'

export type { ApiLocale }
