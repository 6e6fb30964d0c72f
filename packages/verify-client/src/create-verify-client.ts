import { createDefaultFetch } from './default-fetch'
import { errorFromResponse, invalidResponse, parseJson } from './error-from-response'
import { parseSmsRates, parseVerificationResult } from './parse-envelope'
import { parseToken } from './parse-token'
import { sendRequest } from './send-request'
import type { Exchange, Transport, TransportRequest } from './send-request'
import { createTokenCache } from './token-cache'
import type { VerifyApiOperation } from './verify-api-error'
import type {
  CallOptions,
  CreateVerificationInput,
  CreateVerificationResult,
  VerifyClient,
  VerifyClientOptions,
} from './verify-client'

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024
const DEFAULT_REFRESH_LEEWAY_SECONDS = 60
const VERIFICATION_PATH = '/verify/v1/identity/verification'

/**
 * Creates the typed client of the Verify API. It fetches the access token on first use, caches
 * it, refreshes it ahead of expiry with a single request however many calls wait for it, and
 * retries a call once with a new token after a 401. Every failure is a `VerifyApiError`, except
 * an abort through the caller's signal, which rejects with the signal's reason.
 *
 * Throws a `TypeError` at once for options that cannot work (a non-http(s) `baseUrl`, empty
 * credentials, a non-positive timeout or size limit): those are programming errors, not API failures.
 */
export function createVerifyClient(options: VerifyClientOptions): VerifyClient {
  return createVerifyClientWith(options, undefined)
}

/**
 * {@link createVerifyClient} with the transport used when no `fetch` is injected: the Node entry
 * passes its `sendNodeRequest`; without one, the platform's `fetch`.
 */
export function createVerifyClientWith(options: VerifyClientOptions, defaultTransport: Transport | undefined): VerifyClient {
  const baseUrl = readBaseUrl(options.baseUrl)
  const { clientId, clientSecret } = options
  if (typeof clientId !== 'string' || clientId === '') {
    throw new TypeError('createVerifyClient: clientId must be a non-empty string')
  }
  if (typeof clientSecret !== 'string' || clientSecret === '') {
    throw new TypeError('createVerifyClient: clientSecret must be a non-empty string')
  }
  const timeoutMs = readPositive(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs')
  const maxBytes = readPositive(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes')
  const refreshLeewaySeconds = readPositive(
    options.refreshLeewaySeconds,
    DEFAULT_REFRESH_LEEWAY_SECONDS,
    'refreshLeewaySeconds',
    true,
  )
  const now = options.now ?? Date.now
  const fetch = options.fetch ?? (defaultTransport === undefined ? createDefaultFetch() : undefined)
  const transport: Transport = fetch === undefined ? (defaultTransport as Transport) : (url, init, limits) => sendRequest(url, init, { ...limits, fetch })

  const send = (
    operation: VerifyApiOperation,
    path: string,
    init: TransportRequest,
    signal?: AbortSignal,
  ): Promise<Exchange> => transport(baseUrl + path, init, { operation, timeoutMs, maxBytes, signal })

  const tokens = createTokenCache({
    now,
    refreshLeewaySeconds,
    async fetchToken() {
      // Shared by every waiting call, so it is bound to no caller's signal, only to the timeout.
      const exchange = await send('token', '/oauth/client/accesstoken?grant_type=client_credentials', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret }).toString(),
      })
      if (!exchange.response.ok) {
        throw errorFromResponse(exchange, { operation: 'token', now, secrets: [clientSecret] })
      }
      const token = parseToken(parseJson(exchange.text))
      if (token === undefined) throw invalidResponse(exchange, 'token')
      return token
    },
  })

  /**
   * One authenticated call: a 401 invalidates the token that was refused and the call is sent
   * once more with a new one (a second 401 is the caller's `unauthorized`). Returns the 2xx
   * exchange and its parsed body.
   */
  async function call(
    operation: Exclude<VerifyApiOperation, 'token'>,
    method: string,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<{ exchange: Exchange; json: unknown }> {
    const attempt = async (token: string) =>
      send(
        operation,
        path,
        {
          method,
          // The spec lists `Content-Type: application/json` for every endpoint, bodiless GETs too.
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        signal,
      )
    let token = await tokens.get(signal)
    let exchange = await attempt(token)
    if (exchange.response.status === 401) {
      tokens.invalidate(token)
      token = await tokens.get(signal)
      exchange = await attempt(token)
    }
    if (!exchange.response.ok) {
      throw errorFromResponse(exchange, { operation, now, secrets: [clientSecret, token] })
    }
    return { exchange, json: parseJson(exchange.text) }
  }

  return {
    async createVerification(input: CreateVerificationInput, callOptions?: CallOptions) {
      const { exchange, json } = await call(
        'create',
        'POST',
        VERIFICATION_PATH,
        // Only the fields the caller set: an absent channel or locale gets the service's default.
        { to: input.to, channel: input.channel, locale: input.locale },
        callOptions?.signal,
      )
      const result = parseVerificationResult(json)
      if (result === undefined) throw invalidResponse(exchange, 'create')
      const fee = exchange.response.headers.get('fee')
      const created: CreateVerificationResult = result
      return fee === null ? created : { ...created, fee }
    },

    async getVerification(verificationId, callOptions) {
      const { exchange, json } = await call(
        'get',
        'GET',
        verificationPath(verificationId),
        undefined,
        callOptions?.signal,
      )
      const result = parseVerificationResult(json)
      if (result === undefined) throw invalidResponse(exchange, 'get')
      return result
    },

    async checkVerification(verificationId, code, callOptions) {
      const { exchange, json } = await call(
        'verify',
        'PATCH',
        verificationPath(verificationId),
        { code },
        callOptions?.signal,
      )
      const result = parseVerificationResult(json)
      if (result === undefined) throw invalidResponse(exchange, 'verify')
      return result
    },

    async getSmsRates(callOptions) {
      const { exchange, json } = await call(
        'rates',
        'GET',
        '/verify/v1/identity/sms/rate',
        undefined,
        callOptions?.signal,
      )
      const result = parseSmsRates(json)
      if (result === undefined) throw invalidResponse(exchange, 'rates')
      return result
    },
  }
}

/** The path of one verification: the id is always encoded, whatever the caller passed. */
function verificationPath(verificationId: string): string {
  return `${VERIFICATION_PATH}/${encodeURIComponent(String(verificationId))}`
}

/** The base URL without its trailing slashes; only http(s) URLs without query or fragment. */
function readBaseUrl(value: unknown): string {
  let url: URL
  try {
    url = new URL(String(value))
  } catch {
    throw new TypeError('createVerifyClient: baseUrl must be an absolute URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('createVerifyClient: baseUrl must be an http: or https: URL')
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError('createVerifyClient: baseUrl must not carry a query, fragment or credentials')
  }
  // The client secret and the bearer tokens travel in every request: over plain http they would
  // cross the network in clear. Only a loopback sandbox (local development, tests) may use http.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new TypeError(`createVerifyClient: baseUrl must be https: (http: sends the client secret in clear); only loopback hosts may use http: (got http://${url.host})`)
  }
  return url.href.replace(/\/+$/, '')
}

/** `localhost`, 127.0.0.0/8 and `[::1]`: reachable only from this machine. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname)
}

function readPositive(
  value: number | undefined,
  fallback: number,
  name: string,
  allowZero = false,
): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new TypeError(`createVerifyClient: ${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`)
  }
  return value
}
