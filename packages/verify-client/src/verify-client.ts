/** Options of {@link createVerifyClient}. */
export interface VerifyClientOptions {
  /** Base address of the service, e.g. `https://api.example.com` (a trailing `/` is ignored). */
  baseUrl: string
  /** Client id issued to the application. */
  clientId: string
  /** Client secret issued to the application. Only ever sent in the token request body. */
  clientSecret: string
  /**
   * Transport. Defaults to `nodeFetch` when the client comes from the Node entry (what
   * `@hakiki/verify-client` resolves to on Node, Deno and Bun: unlike the built-in `fetch`, it
   * reports HTTP 407 as a response) and to `globalThis.fetch` from the runtime-neutral one.
   */
  fetch?: typeof globalThis.fetch
  /** Time limit of each HTTP request, body included, in milliseconds. Default 10 000. */
  timeoutMs?: number
  /**
   * Most bytes of one answer read; a larger answer fails with `invalid_response` as soon as it
   * passes the limit (nothing more is read). Default 65 536: the API's answers are small JSON.
   */
  maxResponseBytes?: number
  /** Fetch a new token this many seconds before the cached one expires. Default 60. */
  refreshLeewaySeconds?: number
  /** Clock for token expiry, in epoch milliseconds. Default `Date.now`. */
  now?: () => number
}

/** How the code travels to the user. */
export type Channel = 'sms' | 'call' | 'email'

/** State of a verification. */
export type VerificationStatus = 'pending' | 'approved' | 'expired' | 'cancelled'

/** A verification as the service describes it. */
export interface Verification {
  /** Identifier to get or check the verification with. */
  verificationId: string
  /** E.164 phone number (sms, call) or e-mail address (email). */
  to: string
  channel: Channel
  status: VerificationStatus
}

/** Successful answer of get and check. */
export interface VerificationResult {
  verification: Verification
  /** The service's tracing id (empty when it sent none). */
  transactionId: string
  /** The service's status code (empty when it sent none). */
  statusCode: string
  /** The service's human-readable message (empty when it sent none). */
  statusMessage: string
}

/** Successful answer of create. */
export interface CreateVerificationResult extends VerificationResult {
  /** Cost of the send, from the `fee` response header, when the service sent it. */
  fee?: string
}

/** The SMS fee of one supported country. */
export interface SmsRate {
  /** Country name. */
  name: string
  /** Dialing code, as the service spells it. */
  code: string
  /** Cost of creating one SMS verification, in USD, as a decimal string. */
  fee: string
}

/** Input of {@link VerifyClient.createVerification}. */
export interface CreateVerificationInput {
  /** E.164 phone number for sms/call, e-mail address for email. */
  to: string
  /** Left out when undefined, so the service applies its own default. */
  channel?: Channel
  /** One of the API's locale spellings (`en`, `pr-BR`, ...). Left out when undefined. */
  locale?: string
}

/** Per-call options. */
export interface CallOptions {
  /** Aborting it rejects the call with the signal's reason (not a {@link VerifyApiError}). */
  signal?: AbortSignal
}

/** Answer of {@link VerifyClient.getSmsRates}. */
export interface SmsRatesResult {
  /** Always a list, even when the service answered with a single object. */
  countries: SmsRate[]
  /** The service's tracing id (empty when it sent none). */
  transactionId: string
  /** The service's status code (empty when it sent none). */
  statusCode: string
  /** The service's human-readable message (empty when it sent none). */
  statusMessage: string
}

/** Typed client of the Verify API: one method per endpoint. */
export interface VerifyClient {
  /** `POST /verify/v1/identity/verification`: send a code to `to`. */
  createVerification(
    input: CreateVerificationInput,
    options?: CallOptions,
  ): Promise<CreateVerificationResult>
  /** `GET /verify/v1/identity/verification/{id}`. Approved verifications answer 404. */
  getVerification(verificationId: string, options?: CallOptions): Promise<VerificationResult>
  /** `PATCH /verify/v1/identity/verification/{id}` with the code the user typed. */
  checkVerification(
    verificationId: string,
    code: string,
    options?: CallOptions,
  ): Promise<VerificationResult>
  /** `GET /verify/v1/identity/sms/rate`: the SMS fee per supported country. */
  getSmsRates(options?: CallOptions): Promise<SmsRatesResult>
}
