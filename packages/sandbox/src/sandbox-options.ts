/**
 * Options of `createSandbox`, their defaults (core's `DEFAULT_VERIFICATION_LIMITS`: Twilio Verify v2's, which the real API wraps) and
 * their validation: a misconfigured sandbox fails at creation, not on the first request.
 */
import { DEFAULT_VERIFICATION_LIMITS } from '@hakiki/core'
import type { RandomBytes } from './random'
import type { TwilioSandboxOptions } from './twilio/twilio-options'

/** A client (application) the token endpoint accepts. */
export interface SandboxClient {
  clientId: string
  clientSecret: string
  /** `application_name` of its tokens; default `hakiki-sandbox-app`. */
  applicationName?: string
}

/** Options of `createSandbox`. */
export interface SandboxOptions {
  /** Accepted clients; default one: `sandbox-client-id` / `sandbox-client-secret`. */
  clients?: SandboxClient[]
  /** Wall clock in epoch ms; default `Date.now`. The sandbox clock adds its own offset (advance). */
  now?: () => number
  /** Digits per code, 4..10; default 6. Anything else throws a `RangeError`. */
  codeLength?: number
  /** Lifetime of a verification's code, in seconds; default 600. */
  codeTtlSeconds?: number
  /** Lifetime of an access token, in seconds; default 3600. */
  tokenTtlSeconds?: number
  /** Wrong codes before the verification is cancelled; default 5. */
  maxChecks?: number
  /** Sends per verification (the first plus re-sends); default 5. */
  maxSends?: number
  /** App name shown in messages; default `Hakiki`. */
  appName?: string
  /** The web app's origin (`https://example.com`): SMS then end with `@example.com #123456`. */
  appOrigin?: string
  /** USD fees of call and email verifications; sms fees come per country from the data file. */
  fees?: { call?: string; email?: string }
  /**
   * Random byte source of tokens, message ids, transaction ids and the engine's secret; default
   * `crypto.getRandomValues`. Verification ids and codes are the engine's (CSPRNG, not injectable).
   */
  randomBytes?: RandomBytes
  /**
   * Waits `ms` real milliseconds for a `delayMs` fault; default `setTimeout`. Injectable so tests
   * of slow answers need not sleep. Must reject (or resolve early) when `signal` aborts.
   */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** Accounts, API keys, services and blocked prefixes of the Twilio Verify v2 dialect under `/v2/`. */
  twilio?: TwilioSandboxOptions
}

/** The built-in sandbox credentials. */
export const DEFAULT_CLIENT: Readonly<SandboxClient> = Object.freeze({
  clientId: 'sandbox-client-id',
  clientSecret: 'sandbox-client-secret',
})

/** Sandbox fees of the channels not priced per country. */
export const DEFAULT_FEES = Object.freeze({ call: '0.0600', email: '0.0050' })

/** Options after defaults and checks. */
export interface ResolvedOptions {
  clients: ReadonlyMap<string, Required<SandboxClient>>
  codeLength: number
  codeTtlSeconds: number
  tokenTtlSeconds: number
  maxChecks: number
  maxSends: number
  appName: string
  autofillHost: string | undefined
  fees: { call: string; email: string }
  sleep: (ms: number, signal: AbortSignal) => Promise<void>
}

const FEE = /^[0-9]{1,6}(\.[0-9]{1,6})?$/

function int(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${name} must be an integer from ${min} to ${max}`)
  return value
}

/** A `setTimeout` that stops waiting when `signal` aborts. */
export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Applies defaults and validates.
 * @throws RangeError for a number out of range, a bad fee, duplicate or empty credentials.
 * @throws TypeError for an `appOrigin` that is not an http(s) origin.
 */
export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  const clients = new Map<string, Required<SandboxClient>>()
  for (const c of options.clients ?? [DEFAULT_CLIENT]) {
    if (typeof c.clientId !== 'string' || c.clientId === '' || typeof c.clientSecret !== 'string' || c.clientSecret === '') {
      throw new RangeError('every client needs a non-empty clientId and clientSecret')
    }
    if (clients.has(c.clientId)) throw new RangeError(`clientId ${c.clientId} is listed twice`)
    clients.set(c.clientId, { applicationName: 'hakiki-sandbox-app', ...c })
  }
  if (clients.size === 0) throw new RangeError('clients must list at least one client')

  let autofillHost: string | undefined
  if (options.appOrigin !== undefined) {
    let url: URL | undefined
    try {
      url = new URL(options.appOrigin)
    } catch {
      url = undefined
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw new TypeError(`appOrigin must be an http(s) origin such as https://example.com`)
    }
    // Origin-bound one-time codes name the host without scheme or port.
    autofillHost = url.hostname
  }

  const fees = { ...DEFAULT_FEES, ...options.fees }
  for (const [channel, fee] of Object.entries(fees)) {
    if (typeof fee !== 'string' || !FEE.test(fee)) throw new RangeError(`fees.${channel} must be a decimal USD string such as "0.0500"`)
  }

  const appName = options.appName ?? 'Hakiki'
  if (typeof appName !== 'string' || appName.trim() === '' || appName.length > 60) throw new RangeError('appName must be 1 to 60 characters')

  return {
    clients,
    codeLength: int('codeLength', options.codeLength, DEFAULT_VERIFICATION_LIMITS.codeLength, 4, 10),
    codeTtlSeconds: int('codeTtlSeconds', options.codeTtlSeconds, DEFAULT_VERIFICATION_LIMITS.lifetimeSeconds, 1, 86_400),
    tokenTtlSeconds: int('tokenTtlSeconds', options.tokenTtlSeconds, 3600, 2, 86_400 * 30),
    maxChecks: int('maxChecks', options.maxChecks, DEFAULT_VERIFICATION_LIMITS.maxAttempts, 1, 1000),
    maxSends: int('maxSends', options.maxSends, DEFAULT_VERIFICATION_LIMITS.maxSends, 1, 1000),
    appName,
    autofillHost,
    fees,
    sleep: options.sleep ?? defaultSleep,
  }
}
