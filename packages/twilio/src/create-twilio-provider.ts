/**
 * `createTwilioProvider`: Twilio Verify v2 behind the proxy's provider port. Fetch API only (no
 * `node:*`), so it runs wherever the proxy runs. Every failure is a classified `ProviderError`
 * whose message names the operation, kind, HTTP status and Twilio code, and nothing else: no
 * credential, no address, no code, no text of Twilio's.
 */
import type { Channel } from '@hakiki/core'
import { BodyTooLargeError, readBoundedText } from '@hakiki/provider'
import { ProviderError, type ProviderCallOptions, type ProviderErrorInit, type ProviderErrorKind, type ProviderStartInput, type ProviderVerification, type VerifyProvider } from '@hakiki/proxy'
import { classifyTwilioError } from './classify-twilio-error'
import { parseTwilioVerification } from './parse-twilio-verification'
import { toTwilioLocale } from './to-twilio-locale'
import { resolveTwilioProviderOptions, type TwilioCredentials, type TwilioProviderOptions } from './twilio-provider-options'

type Operation = 'start' | 'check' | 'status'

/** Channels declared when the `channels` option is left out: e-mail needs a Mailer on the service. */
export const DEFAULT_TWILIO_CHANNELS: readonly Channel[] = ['sms', 'call']

/** The provider's name in logs and events. */
export const TWILIO_PROVIDER_NAME = 'twilio'

const MAX_RETRY_AFTER_SECONDS = 3600
/** Most bytes of one answer read: Twilio's are a few hundred bytes of JSON; more is cut there. */
const MAX_ANSWER_BYTES = 64 * 1024

/** One HTTP exchange's outcome: a parsed JSON body (or `undefined`) and the response. */
interface Answer {
  response: Response
  body: unknown
}

function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'))
  return Number.isFinite(value) && value > 0 ? Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil(value)) : undefined
}

/**
 * Creates the provider.
 * @param credentials The account SID and auth token, or the account SID with an API key SID and secret.
 * @param options The Verify service and transport settings.
 * @throws TypeError for malformed credentials or options (the message names the field, never its value).
 */
export function createTwilioProvider(credentials: TwilioCredentials, options: TwilioProviderOptions): VerifyProvider {
  const config = resolveTwilioProviderOptions(credentials, options)
  const servicePath = `/v2/Services/${config.serviceSid}`
  // The service's code length, read once (Twilio sets it per service, not per verification).
  let codeLength: Promise<number> | undefined

  const fail = (kind: ProviderErrorKind, init: Omit<ProviderErrorInit, 'provider'>, detail?: string): ProviderError => {
    const parts = [init.status === undefined ? undefined : `HTTP ${init.status}`, init.providerCode === undefined ? undefined : `Twilio ${init.providerCode}`, detail]
    const suffix = parts.filter(Boolean).join(', ')
    return new ProviderError(kind, { ...init, provider: TWILIO_PROVIDER_NAME }, `twilio ${init.operation} failed: ${kind}${suffix ? ` (${suffix})` : ''}`)
  }

  /** One request with a time limit; rejects with a `ProviderError` or the caller's abort reason. */
  async function send(operation: Operation, method: 'GET' | 'POST', path: string, form: URLSearchParams | undefined, signal: AbortSignal | undefined): Promise<Answer> {
    signal?.throwIfAborted()
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, config.timeoutMs)
    const onAbort = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const headers: Record<string, string> = { authorization: config.authorization, accept: 'application/json' }
      if (form) headers['content-type'] = 'application/x-www-form-urlencoded'
      const response = await config.fetch(`${config.baseUrl}${path}`, {
        method,
        headers,
        body: form?.toString(),
        // A redirect would carry the Basic credentials to wherever it points: never follow one.
        redirect: 'manual',
        signal: controller.signal,
      })
      let text: string
      try {
        text = await readBoundedText(response, MAX_ANSWER_BYTES, controller.signal)
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error
        throw fail('invalid_response', { operation, status: response.status, cause: error }, `answer over the ${MAX_ANSWER_BYTES}-byte limit`)
      }
      let body: unknown
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch {
        body = undefined
      }
      return { response, body }
    } catch (error) {
      if (error instanceof ProviderError) throw error
      if (signal?.aborted) throw signal.reason
      if (timedOut) throw fail('timeout', { operation }, `no answer within ${config.timeoutMs} ms`)
      throw fail('unavailable', { operation, cause: error }, 'network error')
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  /** The failure of a non-2xx answer, classified. */
  function failure(operation: Operation, { response, body }: Answer, channel?: Channel): ProviderError {
    const status = response.status
    // `redirect: 'manual'` answers a 3xx (Node) or an opaque redirect with status 0 (browsers).
    if (status === 0 || (status >= 300 && status < 400)) return fail('misconfigured', { operation, status }, 'redirect refused')
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
    const code = typeof fields.code === 'number' && Number.isInteger(fields.code) ? fields.code : undefined
    const message = typeof fields.message === 'string' ? fields.message : undefined
    const kind = classifyTwilioError({ operation, status, code, message, channel })
    const retryAfter = kind === 'rate_limited' ? (retryAfterOf(response) ?? 60) : undefined
    return fail(kind, { operation, status, providerCode: code === undefined ? undefined : String(code), retryAfter })
  }

  /** The verification of a 2xx answer, or `invalid_response`. */
  function verification(operation: Operation, answer: Answer): ProviderVerification {
    const { response, body } = answer
    if (response.status < 200 || response.status >= 300) throw failure(operation, answer)
    const parsed = parseTwilioVerification(body)
    if (!parsed) throw fail('invalid_response', { operation, status: response.status })
    return parsed
  }

  async function serviceCodeLength(signal: AbortSignal | undefined): Promise<number> {
    const answer = await send('start', 'GET', servicePath, undefined, signal)
    if (!answer.response.ok) throw failure('start', answer)
    const length = (answer.body as { code_length?: unknown } | undefined)?.code_length
    if (typeof length !== 'number' || !Number.isInteger(length)) throw fail('invalid_response', { operation: 'start', status: answer.response.status })
    return length
  }

  async function ensureCodeLength(expected: number, signal: AbortSignal | undefined): Promise<void> {
    codeLength ??= serviceCodeLength(signal)
    let actual: number
    try {
      actual = await codeLength
    } catch (error) {
      // A failed read is asked again next time, not remembered.
      codeLength = undefined
      throw error
    }
    if (actual !== expected) {
      throw fail('misconfigured', { operation: 'start' }, `the Verify service sends ${actual}-digit codes, ${expected} were expected: set the proxy's codeLength to ${actual}`)
    }
  }

  return {
    name: TWILIO_PROVIDER_NAME,
    // Twilio reaches most of the world; which countries a service may send to is set by its
    // geo-permissions, and a refused region (Twilio 21408) is answered as unsupported_country.
    countries: 'all',
    channels: [...(options.channels ?? DEFAULT_TWILIO_CHANNELS)],

    async start(input: ProviderStartInput, callOptions?: ProviderCallOptions) {
      const signal = callOptions?.signal
      if (input.codeLength !== undefined) await ensureCodeLength(input.codeLength, signal)
      const form = new URLSearchParams({ To: input.to, Channel: input.channel })
      const locale = toTwilioLocale(input.locale)
      if (locale) form.set('Locale', locale)
      const answer = await send('start', 'POST', `${servicePath}/Verifications`, form, signal)
      if (!answer.response.ok) throw failure('start', answer, input.channel)
      return verification('start', answer)
    },

    async check(id: string, code: string, callOptions?: ProviderCallOptions) {
      const form = new URLSearchParams({ VerificationSid: id, Code: code })
      const answer = await send('check', 'POST', `${servicePath}/VerificationCheck`, form, callOptions?.signal)
      return verification('check', answer)
    },

    async status(id: string, callOptions?: ProviderCallOptions) {
      // The id goes into the path: anything but a verification SID is not ours (and not a path to follow).
      if (!/^VE[0-9a-fA-F]{32}$/.test(id)) throw fail('not_found', { operation: 'status' }, 'not a verification SID')
      return verification('status', await send('status', 'GET', `${servicePath}/Verifications/${id}`, undefined, callOptions?.signal))
    },
  }
}
