/**
 * The state one handler shares between its routes, and the per-request facts its routes fill in.
 * Internal: built by `createVerifyHandler`.
 */
import type { Awaitable } from './awaitable'
import type { SecretInput } from './crypto'
import { setHeaderLine, textResponse } from './out-of-band-body'
import type { HeaderLines } from './out-of-band-body'
import { ProviderError } from '@hakiki/provider'
import type { ProxyLogger, RouteName, UpstreamFailedEvent, VerifyEvent } from './events'
import type { Budgets } from './budgets'
import type { ConversionGuard } from './conversion-guard'
import type { ConversionGuardMetrics } from './conversion-guard-metrics'
import type { FeeTable } from './fee-table'
import type { Limits } from './limits'
import type { NumberTypeCheck } from './number-type-policy'
import type { CircuitBreaker } from './circuit-breaker'
import type { SessionCodec } from './session'
import type { RequestView } from './request-view'
import type { VerifyStore } from '@hakiki/store'
import type { AuthorizeContext } from './verify-handler-options'
import type { CountryCheck } from './validate'
import type { ProviderCall, VerifyProvider } from './verify-provider'

/** Shared by every request of one handler. */
export interface HandlerContext {
  /** The upstream verification service. */
  provider: VerifyProvider
  /** The store as this request sees it: one time budget for all its calls (`storeForRequest`). */
  store: VerifyStore
  limits: Limits
  /** The budgets of unverified sends; `undefined` in local development unless configured. */
  budgets: Budgets | undefined
  /** The conversion guard and its metric; `undefined` where the budgets do not apply, or turned off. */
  conversion: { guard: ConversionGuard; metrics: ConversionGuardMetrics } | undefined
  /** Fees per country for the money budgets: the provider's rates, else `budgets.defaultFeeUsd`. */
  fees: FeeTable
  /** Whether phone numbers of a country are accepted (the `countries` option). */
  acceptsCountry: CountryCheck
  /** Refuses phone numbers whose type the channel may not send to. */
  checkNumberType: NumberTypeCheck
  sessions: SessionCodec
  /** Whether the session cookie carries `Secure` (from `publicOrigin`). */
  secureCookie(request: RequestView): boolean
  secret: SecretInput
  /**
   * A keyed hash standing for `value` in store keys, so the store never holds addresses or session
   * ids. Synchronous where the runtime has `node:crypto`.
   */
  keyOf(purpose: 'address' | 'session' | 'ip', value: string): Awaitable<string>
  now(): number
  codeLength: number
  /** Deadline of a request body, in ms. */
  bodyTimeoutMs: number
  codeTtlSeconds: number
  maxCheckAttempts: number
  receiptTtlSeconds: number
  receiptAudience: string | undefined
  ratesTtlSeconds: number
  authorize: ((request: Request, start: AuthorizeContext) => boolean | Promise<boolean>) | undefined
  /** The client's address: synchronous unless the app's `getClientIp` hook answers a promise. */
  getClientIp(request: RequestView): Awaitable<string | undefined>
  emit(event: VerifyEvent): void
  log: Required<ProxyLogger>
  /** Opens after upstream outages of starts, so the provider is left alone for a while. */
  startBreaker: CircuitBreaker
  /** Warnings said once per handler (shared by every request's view of the context). */
  warned: Set<string>
}

/** One request being handled. */
export interface RequestState {
  /** The request, or the adapter's view of it: `fetchRequestOf` gives the hooks a `Request`. */
  request: RequestView
  route: RouteName
  /** Path under which the handler is mounted (`/api/verify`), for the cookie's `Path`. */
  base: string
  /** The verification id in the path. */
  id?: string
  /** Keyed hash of the caller's session, once its verification was loaded. */
  sessionKey?: string
  /** Masked address, once known, for refusal events and logs. */
  maskedTo?: string
}

/** A JSON response that no cache may keep. */
export function jsonResponse(status: number, body: unknown, headers: HeaderLines = []): Response {
  setHeaderLine(headers, 'Content-Type', 'application/json')
  setHeaderLine(headers, 'Cache-Control', 'no-store')
  return textResponse(JSON.stringify(body), status, headers)
}

/** ISO 8601 for an epoch-milliseconds time. */
export function iso(ms: number): string {
  return new Date(ms).toISOString()
}

/** What every provider call of this request receives: the request's store (under its one deadline) and the handler's clock. */
export function providerCall(ctx: HandlerContext): ProviderCall {
  return { store: ctx.store, clock: { now: ctx.now } }
}

/** Emits `upstream.failed` (and a warning) for an error of the provider. */
export function reportUpstreamFailure(ctx: HandlerContext, state: RequestState, operation: UpstreamFailedEvent['operation'], error: unknown): void {
  const event: UpstreamFailedEvent = {
    type: 'upstream.failed',
    at: ctx.now(),
    route: state.route,
    operation,
    reason: error instanceof ProviderError ? error.kind : 'unknown',
  }
  if (error instanceof ProviderError && error.status !== undefined) event.upstreamStatus = error.status
  ctx.emit(event)
  // The reason and status only (an unclassified error's message may quote the API's text); a
  // provider error's own message is for server logs by the port's contract, and for a failure
  // only the deployment can mend (credentials, base URL, an API that is not running: unavailable
  // with no HTTP status, so no API text to quote) it names the setting that fixes it.
  const fix =
    error instanceof ProviderError && (error.kind === 'misconfigured' || (error.kind === 'unavailable' && error.status === undefined) || (error.kind === 'not_found' && (error.operation === 'start' || error.operation === 'rates')))
      ? error.message.slice(0, 500)
      : undefined
  ctx.log.warn(fix === undefined ? 'verification provider call failed' : `verification provider call failed: ${fix}`, { operation, reason: event.reason, upstreamStatus: event.upstreamStatus, to: state.maskedTo })
}
