import type { Channel } from '@hakiki/core'

/**
 * Credentials and options of `createTwilioProvider`, and their validation: a misconfigured
 * provider fails when it is created, with a message that names the field and never its value.
 */

/** The account SID and its auth token (Twilio's primary credentials). */
export interface TwilioAuthTokenCredentials {
  /** `AC` and 32 hex digits. */
  accountSid: string
  authToken: string
}

/** An API key of the account (revocable; what Twilio recommends in production). */
export interface TwilioApiKeyCredentials {
  /** `AC` and 32 hex digits: the account the key belongs to. */
  accountSid: string
  /** `SK` and 32 hex digits. */
  apiKeySid: string
  apiKeySecret: string
}

/** Either way of authenticating to Twilio. */
export type TwilioCredentials = TwilioAuthTokenCredentials | TwilioApiKeyCredentials

/** Options of `createTwilioProvider`. */
export interface TwilioProviderOptions {
  /** The Verify service (`VA` and 32 hex digits) whose settings (code length, name, channels) apply. */
  serviceSid: string
  /**
   * Where Twilio Verify answers; default `https://verify.twilio.com`. `http:` only for loopback
   * hosts (the sandbox), because the credentials travel in every request.
   */
  baseUrl?: string
  /** The Fetch implementation; default `globalThis.fetch`. */
  fetch?: typeof fetch
  /** Milliseconds before a call gives up with `timeout`; default 10000, at most 60000. */
  timeoutMs?: number
  /**
   * The channels the Verify service is set up for, declared to the proxy, which refuses others up
   * front (400) without calling Twilio; a start on another channel rejects with `unsupported_channel`. Default `['sms', 'call']`: e-mail needs a Mailer (SendGrid) on the
   * service, so add `'email'` once it has one (without, Twilio answers 60217 to every e-mail start).
   */
  channels?: readonly Channel[]
  /**
   * Digits of the codes the Verify service sends (its `code_length`, 4 to 10); default 6, Twilio's
   * default. Declared to the proxy, and checked against the service on the first start (a
   * mismatch rejects with `misconfigured` before any code is sent).
   */
  codeLength?: number
}

/** Options after defaults and checks. */
export interface ResolvedTwilioProviderOptions {
  serviceSid: string
  baseUrl: string
  fetch: typeof fetch
  timeoutMs: number
  codeLength: number
  /** `Basic …`, computed once. */
  authorization: string
}

/** Twilio's production endpoint of Verify v2. */
export const TWILIO_VERIFY_BASE_URL = 'https://verify.twilio.com'
/** Default time limit of one call, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 10_000
/** Twilio's default `code_length` of a Verify service. */
export const DEFAULT_CODE_LENGTH = 6

const sid = (prefix: string) => new RegExp(`^${prefix}[0-9a-fA-F]{32}$`)
const ACCOUNT_SID = sid('AC')
const API_KEY_SID = sid('SK')
const SERVICE_SID = sid('VA')
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** `Basic base64(utf8(user:password))`, with Web APIs only. */
function basicAuthorization(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return `Basic ${btoa(binary)}`
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/**
 * Applies defaults and validates.
 * @throws TypeError naming the wrong field (never echoing a credential).
 */
export function resolveTwilioProviderOptions(credentials: TwilioCredentials, options: TwilioProviderOptions): ResolvedTwilioProviderOptions {
  if (typeof credentials !== 'object' || credentials === null) throw new TypeError('createTwilioProvider: credentials are required')
  if (!nonEmpty(credentials.accountSid) || !ACCOUNT_SID.test(credentials.accountSid)) {
    throw new TypeError('createTwilioProvider: accountSid must be AC followed by 32 hex digits')
  }
  let authorization: string
  if ('apiKeySid' in credentials) {
    if (!nonEmpty(credentials.apiKeySid) || !API_KEY_SID.test(credentials.apiKeySid)) {
      throw new TypeError('createTwilioProvider: apiKeySid must be SK followed by 32 hex digits')
    }
    if (!nonEmpty(credentials.apiKeySecret)) throw new TypeError('createTwilioProvider: apiKeySecret is required')
    authorization = basicAuthorization(credentials.apiKeySid, credentials.apiKeySecret)
  } else {
    if (!nonEmpty(credentials.authToken)) throw new TypeError('createTwilioProvider: authToken (or apiKeySid and apiKeySecret) is required')
    authorization = basicAuthorization(credentials.accountSid, credentials.authToken)
  }
  if (!nonEmpty(options?.serviceSid) || !SERVICE_SID.test(options.serviceSid)) {
    throw new TypeError('createTwilioProvider: serviceSid must be VA followed by 32 hex digits')
  }
  let url: URL
  try {
    url = new URL(options.baseUrl ?? TWILIO_VERIFY_BASE_URL)
  } catch {
    throw new TypeError('createTwilioProvider: baseUrl must be an absolute URL')
  }
  // Basic credentials in clear text would be readable by anyone on the path: https only, except
  // on this machine (the sandbox).
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new TypeError('createTwilioProvider: baseUrl must use https: (http: only for localhost)')
  }
  if (url.username || url.password || url.search || url.hash) throw new TypeError('createTwilioProvider: baseUrl must not carry credentials, a query or a fragment')
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) throw new TypeError('createTwilioProvider: timeoutMs must be an integer from 1 to 60000')
  const codeLength = options.codeLength ?? DEFAULT_CODE_LENGTH
  if (!Number.isInteger(codeLength) || codeLength < 4 || codeLength > 10) throw new TypeError('createTwilioProvider: codeLength must be an integer from 4 to 10')
  const fetchImpl = options.fetch ?? globalThis.fetch
  if (typeof fetchImpl !== 'function') throw new TypeError('createTwilioProvider: no fetch available; pass options.fetch')
  return {
    serviceSid: options.serviceSid,
    baseUrl: url.href.replace(/\/+$/, ''),
    fetch: fetchImpl,
    timeoutMs,
    codeLength,
    authorization,
  }
}
