/**
 * `createTwilioProvider`: Twilio Verify v2 behind the provider port v2 (`@hakiki/provider`). Fetch
 * API only (no `node:*`), so it runs wherever the proxy runs. Every request goes through
 * `boundedFetch` (a deadline over headers and body, a 64 KiB answer limit, no redirects). Every
 * failure is a classified `ProviderError` whose message names the operation, kind, HTTP status and
 * Twilio code, and nothing else: no credential, no address, no code, no text of Twilio's.
 *
 * Twilio keeps the state (one pending verification per address and service, re-sent on a new
 * start), so the store and clock of each call go unused; only its signal is read.
 */
import type { Channel } from '@hakiki/core'
import {
  boundedFetch,
  ProviderError,
  type BoundedResponse,
  type ProviderCall,
  type ProviderErrorInit,
  type ProviderErrorKind,
  type ProviderStartInput,
  type ProviderVerification,
  type VerifyProvider,
} from '@hakiki/provider'
import { classifyTwilioError, type TwilioOperation } from './classify-twilio-error'
import { parseTwilioVerification } from './parse-twilio-verification'
import { toTwilioLocale } from './to-twilio-locale'
import { resolveTwilioProviderOptions, type TwilioCredentials, type TwilioProviderOptions } from './twilio-provider-options'

/** Channels declared when the `channels` option is left out: e-mail needs a Mailer on the service. */
export const DEFAULT_TWILIO_CHANNELS: readonly Channel[] = ['sms', 'call']

/** The provider's name in logs and events. */
export const TWILIO_PROVIDER_NAME = 'twilio'

/**
 * What Twilio Verify fixes for every service (https://www.twilio.com/docs/verify/api/verification:
 * a verification expires 10 minutes after it is created; 5 check attempts, then 60202; 5 sends per
 * verification, then 60203). The code length is the service's (`code_length`), declared by option.
 */
export const TWILIO_VERIFY_LIMITS = Object.freeze({ lifetimeSeconds: 600, maxAttempts: 5, maxSends: 5 })

const MAX_RETRY_AFTER_SECONDS = 3600
/** Most bytes of one answer read: Twilio's are a few hundred bytes of JSON; more is cut there. */
const MAX_ANSWER_BYTES = 64 * 1024

/** One HTTP exchange's outcome: status, headers and the parsed JSON body (or `undefined`). */
interface Answer {
  status: number
  headers: Headers
  body: unknown
}

function retryAfterOf(headers: Headers): number | undefined {
  const value = Number(headers.get('retry-after'))
  return Number.isFinite(value) && value > 0 ? Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil(value)) : undefined
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300

// The proxy's port v1 calls without a `call` (or with only a signal): read it defensively.
const signalOf = (call: Partial<ProviderCall> | undefined) => call?.signal

/**
 * Creates the provider.
 * @param credentials The account SID and auth token, or the account SID with an API key SID and secret.
 * @param options The Verify service and transport settings.
 * @throws TypeError for malformed credentials or options (the message names the field, never its value).
 */
export function createTwilioProvider(credentials: TwilioCredentials, options: TwilioProviderOptions): VerifyProvider {
  const config = resolveTwilioProviderOptions(credentials, options)
  const servicePath = `/v2/Services/${config.serviceSid}`
  const channels: readonly Channel[] = Object.freeze([...(options.channels ?? DEFAULT_TWILIO_CHANNELS)])
  // The service's code length, read once (Twilio sets it per service, not per verification).
  let serviceCodeLength: Promise<number> | undefined

  const fail = (kind: ProviderErrorKind, init: Omit<ProviderErrorInit, 'provider'>, detail?: string): ProviderError => {
    const parts = [init.status === undefined ? undefined : `HTTP ${init.status}`, init.providerCode === undefined ? undefined : `Twilio ${init.providerCode}`, detail]
    const suffix = parts.filter(Boolean).join(', ')
    return new ProviderError(kind, { ...init, provider: TWILIO_PROVIDER_NAME }, `twilio ${init.operation} failed: ${kind}${suffix ? ` (${suffix})` : ''}`)
  }

  /** One request, bounded; rejects with a `ProviderError` or the caller's abort reason. */
  async function send(operation: TwilioOperation, method: 'GET' | 'POST', path: string, form: URLSearchParams | undefined, signal: AbortSignal | undefined): Promise<Answer> {
    const headers: Record<string, string> = { authorization: config.authorization, accept: 'application/json' }
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded'
    let answer: BoundedResponse
    try {
      answer = await boundedFetch(
        `${config.baseUrl}${path}`,
        { method, headers, body: form?.toString() },
        { provider: TWILIO_PROVIDER_NAME, operation, timeoutMs: config.timeoutMs, maxBytes: MAX_ANSWER_BYTES, fetch: config.fetch, ...(signal ? { signal } : {}) },
      )
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      // boundedFetch's own failures (timeout, network, redirect, size), in this provider's words.
      const detail =
        error.kind === 'timeout'
          ? `no answer within ${config.timeoutMs} ms`
          : error.kind === 'unavailable'
            ? error.status === undefined
              ? networkFailure(config.baseUrl, error.cause)
              : 'the connection broke before the answer ended'
            : error.kind === 'misconfigured'
              ? 'redirect refused'
              : `answer over the ${MAX_ANSWER_BYTES}-byte limit`
      throw fail(error.kind, { operation, ...(error.status === undefined ? {} : { status: error.status }), cause: error.cause ?? error }, detail)
    }
    let body: unknown
    try {
      body = answer.text === '' ? undefined : JSON.parse(answer.text)
    } catch {
      body = undefined
    }
    return { status: answer.status, headers: answer.headers, body }
  }

  /** The failure of a non-2xx answer, classified. */
  function failure(operation: TwilioOperation, { status, headers, body }: Answer, channel?: Channel): ProviderError {
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
    const code = typeof fields.code === 'number' && Number.isInteger(fields.code) ? fields.code : undefined
    const message = typeof fields.message === 'string' ? fields.message : undefined
    const kind = classifyTwilioError({ operation, status, code, message, channel })
    const retryAfter = kind === 'rate_limited' ? (retryAfterOf(headers) ?? 60) : undefined
    return fail(kind, { operation, status, providerCode: code === undefined ? undefined : String(code), retryAfter })
  }

  /** The verification of a 2xx answer, or `invalid_response`. */
  function verification(operation: TwilioOperation, answer: Answer, channel?: Channel): ProviderVerification {
    if (!ok(answer)) throw failure(operation, answer, channel)
    const parsed = parseTwilioVerification(answer.body)
    if (!parsed) throw fail('invalid_response', { operation, status: answer.status })
    return parsed
  }

  async function readServiceCodeLength(signal: AbortSignal | undefined): Promise<number> {
    const answer = await send('start', 'GET', servicePath, undefined, signal)
    if (!ok(answer)) throw failure('start', answer)
    const length = (answer.body as { code_length?: unknown } | undefined)?.code_length
    if (typeof length !== 'number' || !Number.isInteger(length)) throw fail('invalid_response', { operation: 'start', status: answer.status })
    return length
  }

  /** The service sends codes of the declared length (asked once; a failed read is asked again next time). */
  async function ensureCodeLength(signal: AbortSignal | undefined): Promise<void> {
    serviceCodeLength ??= readServiceCodeLength(signal)
    let actual: number
    try {
      actual = await serviceCodeLength
    } catch (error) {
      serviceCodeLength = undefined
      throw error
    }
    if (actual !== config.codeLength) {
      throw fail('misconfigured', { operation: 'start' }, `the Verify service sends ${actual}-digit codes, ${config.codeLength} were declared: set the provider's codeLength to ${actual}`)
    }
  }

  return {
    name: TWILIO_PROVIDER_NAME,
    // Twilio reaches most of the world; which countries a service may send to is set by its
    // geo-permissions, and a refused region (Twilio 60605) is answered as unsupported_country.
    countries: 'all',
    channels,
    codeLength: config.codeLength,
    ...TWILIO_VERIFY_LIMITS,

    // `input.resend` needs nothing more: Twilio re-sends the pending verification of the same
    // address and service (same sid, same code) and refuses the sixth send with 60203.
    async start(input: ProviderStartInput, call: ProviderCall) {
      const signal = signalOf(call)
      signal?.throwIfAborted()
      if (!channels.includes(input.channel)) throw fail('unsupported_channel', { operation: 'start' }, `the service is declared for ${channels.join(', ')}`)
      if (input.codeLength !== undefined && input.codeLength !== config.codeLength) {
        throw fail('misconfigured', { operation: 'start' }, `${input.codeLength}-digit codes were asked, the provider declares ${config.codeLength}: set the proxy's codeLength to ${config.codeLength}`)
      }
      await ensureCodeLength(signal)
      const form = new URLSearchParams({ To: input.to, Channel: input.channel })
      const locale = toTwilioLocale(input.locale)
      if (locale) form.set('Locale', locale)
      return verification('start', await send('start', 'POST', `${servicePath}/Verifications`, form, signal), input.channel)
    },

    async check(id: string, code: string, call: ProviderCall) {
      const form = new URLSearchParams({ VerificationSid: id, Code: code })
      return verification('check', await send('check', 'POST', `${servicePath}/VerificationCheck`, form, signalOf(call)))
    },

    async status(id: string, call: ProviderCall) {
      // The id goes into the path: anything but a verification SID is not ours (and not a path to follow).
      if (!/^VE[0-9a-fA-F]{32}$/.test(id)) throw fail('not_found', { operation: 'status' }, 'not a verification SID')
      return verification('status', await send('status', 'GET', `${servicePath}/Verifications/${id}`, undefined, signalOf(call)))
    },

    async cancel(id: string, call: ProviderCall) {
      if (!/^VE[0-9a-fA-F]{32}$/.test(id)) throw fail('not_found', { operation: 'cancel' }, 'not a verification SID')
      const form = new URLSearchParams({ Status: 'canceled' })
      return verification('cancel', await send('cancel', 'POST', `${servicePath}/Verifications/${id}`, form, signalOf(call)))
    },
  }
}

/**
 * What a network failure (no HTTP answer at all) says. Twilio's address is fixed (the base URL
 * only moves for tests), so the fix is on this server's side: its network, egress rules, outbound
 * proxy or DNS. The system's error code (`ENOTFOUND`, `ECONNREFUSED`...) is kept when there is
 * one; nothing else of the cause is (it may quote the request).
 */
function networkFailure(baseUrl: string, cause: unknown): string {
  const code = systemErrorCode(cause)
  return `network error: ${new URL(baseUrl).host} could not be reached${code === undefined ? '' : ` (${code})`}; check this server's network and egress to it (firewall rules, an outbound proxy, DNS)`
}

/** The `code` of a system error (`ENOTFOUND`), looked for in `cause` and its own causes (fetch wraps it). */
function systemErrorCode(cause: unknown): string | undefined {
  for (let error = cause, depth = 0; typeof error === 'object' && error !== null && depth < 4; error = (error as { cause?: unknown }).cause, depth++) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && /^E[A-Z0-9_]{2,30}$/.test(code)) return code
  }
  return undefined
}
