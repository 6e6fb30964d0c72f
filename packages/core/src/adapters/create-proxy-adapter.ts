import {
  DELIVERY_STATUSES,
  type CheckCodeResponse,
  type RatesResponse,
  type StartVerificationRequest,
  type StartVerificationResponse,
  type VerificationStatusResponse,
} from './contract'
import { HakikiError } from './hakiki-error'
import type { AdapterCallOptions, VerificationAdapter } from './verification-adapter'

/** Options of {@link createProxyAdapter}. */
export interface ProxyAdapterOptions {
  /** Where `@hakiki/proxy` is mounted: `/api/verify` (same origin) or an absolute URL. Default `/api/verify`. */
  baseUrl?: string
  /** The `fetch` to use; default the global one, looked up at call time. */
  fetch?: typeof fetch
  /**
   * `credentials` of every request; default `same-origin`. The proxy binds each verification to a
   * cookie, so a proxy on another origin needs `include` (and CORS with credentials on its side).
   * Spelled out rather than the DOM's `RequestCredentials`, which a Node server's types lack.
   */
  credentials?: 'omit' | 'same-origin' | 'include'
  /** Extra headers for every request (a CSRF token of your app, for example). */
  headers?: Record<string, string>
}

type Shape = Record<string, 'string' | 'number' | 'object'>

const VERIFICATION: Shape = { id: 'string', status: 'string' }
const STARTED: Shape = { ...VERIFICATION, to: 'string', channel: 'string', codeLength: 'number', expiresAt: 'string', resendAt: 'string', attemptsLeft: 'number', serverTime: 'string' }
const CHECKED: Shape = { ...VERIFICATION, attemptsLeft: 'number' }
const STATUS: Shape = { ...VERIFICATION, expiresAt: 'string' }
const RATES: Shape = { currency: 'string', countries: 'object' }

/**
 * The default adapter: JSON over HTTP to `@hakiki/proxy`.
 *
 * | route | method |
 * |---|---|
 * | `POST {baseUrl}/verifications` | `start` |
 * | `POST {baseUrl}/verifications/{id}/check` | `check` |
 * | `GET {baseUrl}/verifications/{id}` | `status` |
 * | `GET {baseUrl}/rates` | `rates` |
 *
 * Failures all reject with a `HakikiError`: a problem+json answer keeps the proxy's `code`; a
 * `fetch` that throws (offline, refused, CORS) is `network_error`; a non-problem error answer is
 * coded from its status (see `HakikiError.fromProblem`); a 2xx answer without the contract's
 * fields is `invalid_response`. An abort rejects with the signal's reason.
 */
export function createProxyAdapter(options: ProxyAdapterOptions = {}): VerificationAdapter {
  const base = (options.baseUrl ?? '/api/verify').replace(/\/+$/, '')
  const credentials = options.credentials ?? 'same-origin'

  async function request<T>(method: 'GET' | 'POST', path: string, shape: Shape, body: unknown, call?: AdapterCallOptions): Promise<T> {
    // Called as a plain function, never as `options.fetch(...)`: browsers throw "Illegal
    // invocation" when `fetch` runs with a `this` other than the window.
    const doFetch = options.fetch ?? globalThis.fetch
    const init: RequestInit = {
      method,
      credentials,
      headers: { Accept: 'application/json, application/problem+json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers },
    }
    if (body !== undefined) init.body = JSON.stringify(body)
    if (call?.signal) init.signal = call.signal

    let response: Response
    try {
      response = await doFetch(`${base}${path}`, init)
    } catch (error) {
      if (call?.signal?.aborted) throw call.signal.reason
      throw new HakikiError('network_error', 'The verification service could not be reached', { cause: error })
    }

    let json: unknown
    try {
      json = await response.json()
    } catch (error) {
      if (call?.signal?.aborted) throw call.signal.reason
      if (!response.ok) throw HakikiError.fromProblem(undefined, response.status, response.headers.get('Retry-After'))
      throw new HakikiError('invalid_response', 'The answer was not JSON', { status: response.status, cause: error })
    }
    if (!response.ok) throw HakikiError.fromProblem(json, response.status, response.headers.get('Retry-After'))
    if (!matches(json, shape)) {
      throw new HakikiError('invalid_response', 'The answer lacks fields of the contract', { status: response.status })
    }
    return json as T
  }

  return {
    start: async (req: StartVerificationRequest, call?: AdapterCallOptions) =>
      withDelivery(await request<StartVerificationResponse>('POST', '/verifications', STARTED, req, call)),
    check: (id: string, code: string, call?: AdapterCallOptions) =>
      request<CheckCodeResponse>('POST', `${verification(id)}/check`, CHECKED, { code }, call),
    status: async (id: string, call?: AdapterCallOptions) => withDelivery(await request<VerificationStatusResponse>('GET', verification(id), STATUS, undefined, call)),
    rates: (call?: AdapterCallOptions) => request<RatesResponse>('GET', '/rates', RATES, undefined, call),
  }
}

/**
 * Keeps `delivery` only when it is one of the contract's values: a provider's own word passed on
 * by mistake is dropped, not shown to the user as a state the kit does not know.
 */
function withDelivery<T extends { delivery?: unknown }>(answer: T): T {
  if (answer.delivery === undefined || (DELIVERY_STATUSES as readonly unknown[]).includes(answer.delivery)) return answer
  const { delivery: _delivery, ...rest } = answer
  return rest as T
}

/** The path of one verification; the id is encoded so it can never step out of `/verifications/`. */
function verification(id: string): string {
  return `/verifications/${encodeURIComponent(id)}`
}

/** A shallow check of the fields the kit reads; hand-written because a schema library would triple the hooks' size. */
function matches(value: unknown, shape: Shape): boolean {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return Object.entries(shape).every(([key, type]) => typeof record[key] === type && record[key] !== null)
}
