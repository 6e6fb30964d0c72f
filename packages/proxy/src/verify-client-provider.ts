/**
 * The spec's Verify API (`@hakiki/verify-client`) as a provider of the port v2
 * (`@hakiki/provider`). The only module of the proxy that knows `VerifyApiError` and the API's
 * message texts: it classifies each failure into a {@link ProviderErrorKind}, and the rest of the
 * proxy branches on that kind alone.
 *
 * The API keeps the state (one pending verification per address, re-sent on a new start), so the
 * store and clock of each call go unused; only its signal is read.
 */
import type { Channel } from '@hakiki/core/rules'
import { COUNTRIES, DEFAULT_API_LOCALE, toApiLocale } from '@hakiki/core/rules'
import { ProviderError, type ProviderCall, type ProviderCapabilities, type ProviderErrorInit, type ProviderErrorKind, type ProviderVerification, type VerifyProvider } from '@hakiki/provider'
import type { VerifyClient } from '@hakiki/verify-client'
import { VerifyApiError } from '@hakiki/verify-client'

const NAME = 'verify-api'

/** The spec API's covered countries, its whole reach. */
const COVERAGE: readonly string[] = Object.freeze(COUNTRIES.map((country) => country.iso2))

/** The channels of the spec's Verify API. */
const SPEC_CHANNELS: readonly Channel[] = Object.freeze(['sms', 'call', 'email'])

/**
 * What the spec leaves unsaid ("Lifetime of a verification code: not shown") and the service
 * applies as the Twilio Verify v2 it wraps does: 6-digit codes, valid 10 minutes, 5 checks, 5 sends.
 */
export const VERIFY_API_LIMITS = Object.freeze({ codeLength: 6, lifetimeSeconds: 600, maxAttempts: 5, maxSends: 5 })

/** What a deployment of the Verify API may set otherwise than {@link VERIFY_API_LIMITS}. */
export type VerifyClientProviderOptions = Partial<Pick<ProviderCapabilities, 'codeLength' | 'lifetimeSeconds' | 'maxAttempts' | 'maxSends'>>

// The proxy's port v1 calls without a `call` (or with only a signal): read it defensively.
const signalOf = (call: Partial<ProviderCall> | undefined) => (call?.signal ? { signal: call.signal } : undefined)

/** Wraps a Verify API client as a provider; `limits` declares a deployment's own code length or limits. */
export function verifyClientProvider(client: VerifyClient, limits: VerifyClientProviderOptions = {}): VerifyProvider {
  const declared = { ...VERIFY_API_LIMITS, ...limits }
  if (!Number.isInteger(declared.codeLength) || declared.codeLength < 4 || declared.codeLength > 10) throw new TypeError('verifyClientProvider: codeLength must be an integer from 4 to 10')
  for (const name of ['lifetimeSeconds', 'maxAttempts', 'maxSends'] as const) {
    if (!Number.isInteger(declared[name]) || declared[name] < 1) throw new TypeError(`verifyClientProvider: ${name} must be a positive integer`)
  }
  return {
    name: NAME,
    countries: COVERAGE,
    // The spec's Verify API sends these three; the proxy refuses any other (WhatsApp) up front
    // with `unsupported_channel`, before a counter moves or a request goes out.
    channels: SPEC_CHANNELS,
    ...declared,
    // `input.resend` needs nothing more: the API re-sends the pending verification of the same
    // address (same id, same code) and refuses a send past its limit.
    async start(input, call) {
      const options = signalOf(call)
      options?.signal.throwIfAborted()
      const locale = toApiLocale(input.locale) ?? DEFAULT_API_LOCALE
      const channel = input.channel
      if (channel === 'whatsapp') throw new ProviderError('unsupported_channel', { operation: 'start', provider: NAME })
      if (input.codeLength !== undefined && input.codeLength !== declared.codeLength) {
        throw new ProviderError('misconfigured', { operation: 'start', provider: NAME }, `verify-api start: ${input.codeLength}-digit codes were asked, the provider declares ${declared.codeLength}`)
      }
      try {
        const result = await client.createVerification({ to: input.to, channel, locale }, options)
        const verification: ProviderVerification = toVerification(result.verification)
        if (result.fee !== undefined) verification.fee = result.fee
        return verification
      } catch (error) {
        throw classify(error, 'start', options?.signal, input.channel)
      }
    },
    async check(id, code, call) {
      const options = signalOf(call)
      try {
        return toVerification((await client.checkVerification(id, code, options)).verification)
      } catch (error) {
        throw classify(error, 'check', options?.signal)
      }
    },
    async status(id, call) {
      const options = signalOf(call)
      try {
        return toVerification((await client.getVerification(id, options)).verification)
      } catch (error) {
        throw classify(error, 'status', options?.signal)
      }
    },
    async rates(call) {
      const options = signalOf(call)
      try {
        return (await client.getSmsRates(options)).countries.map(({ name, code, fee }) => ({ name, code, fee }))
      } catch (error) {
        throw classify(error, 'rates', options?.signal)
      }
    },
  }
}

function toVerification(v: { verificationId: string; to: string; channel: Channel; status: ProviderVerification['status'] }): ProviderVerification {
  return { id: v.verificationId, to: v.to, channel: v.channel, status: v.status }
}

/**
 * | client error code | kind |
 * |---|---|
 * | `not_found` | `not_found` (on start/rates the proxy reads it as a wrong `baseUrl`) |
 * | `rate_limited` | `rate_limited`, with the API's `Retry-After` |
 * | `bad_request` on start | the field the API's message names (`unsupported_locale`, `unsupported_country`, `invalid_phone_number`, `invalid_email`), else `misconfigured` |
 * | `bad_request` on check | `invalid_code_format` |
 * | `timeout` | `timeout` |
 * | `network_error`, `server_error` | `unavailable` |
 * | `invalid_response` | `invalid_response` |
 * | `unauthorized` (after one refresh), `proxy_auth_required`, others | `misconfigured` |
 *
 * The caller's own abort reason passes through unchanged, as the port documents.
 */
function classify(error: unknown, operation: ProviderErrorInit['operation'], signal: AbortSignal | undefined, channel?: Channel): unknown {
  // The client rejects with the signal's reason as it is (any value, not only a DOMException):
  // when the caller aborted, that reason is the answer, not an outage.
  if (signal?.aborted && error === signal.reason) return error
  if (!(error instanceof VerifyApiError)) {
    if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) return error
    return new ProviderError('unavailable', { operation, provider: NAME, cause: error })
  }
  const init: ProviderErrorInit = { operation, provider: NAME, cause: error }
  if (error.status !== undefined) init.status = error.status
  if (error.statusCode !== undefined) init.providerCode = error.statusCode
  if (error.retryAfter !== undefined) init.retryAfter = error.retryAfter
  return new ProviderError(kindOf(error, operation, channel), init, fixFor(error, operation))
}

/**
 * The server log's line for a failure only the deployment can mend (the port keeps a provider's
 * message for logs): what is wrong and which setting fixes it, in our words, never the API's text.
 */
function fixFor(error: VerifyApiError, operation: ProviderErrorInit['operation']): string | undefined {
  const prefix = `${NAME} ${operation} failed`
  if (error.code === 'unauthorized') {
    const refused = error.operation === 'token' ? 'the Verify API refused the client credentials (HTTP 401 on the token request)' : 'the Verify API refused a fresh access token (HTTP 401 twice)'
    return `${prefix}: ${refused}. Check clientId and clientSecret given to createVerifyClient (VERIFY_CLIENT_ID and VERIFY_CLIENT_SECRET in the guides) and that baseUrl (VERIFY_API_URL) is the API they were issued for; every start answers 502 upstream_error until then`
  }
  if (error.code === 'proxy_auth_required') return `${prefix}: an HTTP proxy between this server and the Verify API asks for credentials (HTTP 407): check baseUrl (VERIFY_API_URL) and the network path to it`
  if (error.code === 'not_found' && (operation === 'start' || operation === 'rates')) return `${prefix}: the Verify API has no such endpoint (HTTP 404): check baseUrl (VERIFY_API_URL), the API's root without a path`
  if (error.code === 'network_error') {
    return `${prefix}: the Verify API could not be reached${systemCode(error.cause)}: check baseUrl (VERIFY_API_URL) and that the API is running (in development the sandbox: \`pnpm sandbox\` or \`npx hakiki-sandbox\`); starts answer 503 until it answers`
  }
  return undefined
}

/**
 * The system's code of a network failure (`ECONNREFUSED`, `ENOTFOUND`…), looked for along the
 * cause chain (`fetch` wraps it in a TypeError): a fixed word that says what to check, never a
 * message that might quote an address or a header.
 */
function systemCode(cause: unknown): string {
  for (let error = cause, depth = 0; error instanceof Error && depth < 4; error = error.cause, depth++) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && /^E[A-Z_]{2,30}$/.test(code)) return ` (${code})`
  }
  return ''
}

function kindOf(error: VerifyApiError, operation: ProviderErrorInit['operation'], channel: Channel | undefined): ProviderErrorKind {
  switch (error.code) {
    case 'not_found':
      return 'not_found'
    case 'rate_limited':
      return 'rate_limited'
    case 'bad_request':
      if (operation === 'check') return 'invalid_code_format'
      if (operation !== 'start') return 'misconfigured'
      return badRequestKind(error, channel)
    case 'timeout':
      return 'timeout'
    case 'network_error':
    case 'server_error':
      return 'unavailable'
    case 'invalid_response':
      return 'invalid_response'
    default:
      return 'misconfigured'
  }
}

function badRequestKind(error: VerifyApiError, channel: Channel | undefined): ProviderErrorKind {
  // Only the text tells which of our fields the API disliked; it is matched, never echoed.
  const text = `${error.statusCode ?? ''} ${error.statusMessage ?? ''}`
  if (/locale|language/i.test(text)) return 'unsupported_locale'
  // "the country code and the number" describes E.164 form (a malformed number), not coverage.
  if (channel !== 'email' && /country|region/i.test(text.replace(/country (calling )?code/gi, ''))) return 'unsupported_country'
  if (/\b(to|phone|number|e-?mail|address|recipient)\b/i.test(text)) return channel === 'email' ? 'invalid_email' : 'invalid_phone_number'
  return 'misconfigured'
}
