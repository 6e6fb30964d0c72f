/**
 * Events for audit logs and metrics (`onEvent`). Addresses in events are always masked: an audit
 * trail that stores phone numbers becomes a data-protection liability of its own.
 */
import type { Channel, ErrorCode, VerificationStatus } from '@hakiki/core/rules'
import type { ConversionEvent } from './conversion-guard-events'

/** The handler's routes, as named in events and logs. */
export type RouteName = 'start' | 'check' | 'status' | 'rates' | 'report' | 'preflight' | 'unknown'

/** A code was sent (first send or resend). */
export interface SentEvent {
  type: 'verification.sent'
  /** Epoch milliseconds. */
  at: number
  verificationId: string
  /** Masked address (`+233*******67`). */
  to: string
  channel: Channel
  /** ISO country of a phone number. */
  country?: string
  /** True when this re-sent an existing verification. */
  resend: boolean
  /** Cost reported by the API (USD, decimal string). */
  fee?: string
}

/** A code was checked against the API. */
export interface CheckedEvent {
  type: 'verification.checked'
  at: number
  verificationId: string
  /** Masked address. */
  to: string
  channel: Channel
  /** Status after the check: `approved` on success, `pending` after a wrong code. */
  status: VerificationStatus
  attemptsLeft: number
}

/** A request was answered with a problem (validation, limits, origin, upstream failures). */
export interface RefusedEvent {
  type: 'request.refused'
  at: number
  route: RouteName
  status: number
  code: ErrorCode
  /** Masked address, when the request named one. */
  to?: string
}

/** The Verify API failed; followed by a `request.refused` for the same request. */
export interface UpstreamFailedEvent {
  type: 'upstream.failed'
  at: number
  route: RouteName
  operation: 'create' | 'get' | 'verify' | 'rates' | 'report'
  /** The provider error's kind (`timeout`, `unavailable`, `misconfigured`, ...) or `unknown`. */
  reason: string
  /** HTTP status from the API, when it answered. */
  upstreamStatus?: number
}

/**
 * A budget of unverified sends refused a start (followed by a `request.refused`): the metric to
 * alert on. `prefix`, `country`, `global` and `destination` (the per-address cap from everyone)
 * mean that budget was spent, `domain` that an e-mail domain's budget was, and `conversion` that
 * the conversion guard blocked the destination, and the start was not cleared (`authorize` with `elevated`, or a client with nothing unverified
 * today).
 */
export interface BudgetExceededEvent {
  type: 'budget.exceeded'
  at: number
  scope: 'ip' | 'network' | 'prefix' | 'country' | 'global' | 'destination' | 'conversion' | 'domain'
  /** ISO country of the destination. */
  country?: string
  /** Masked address. */
  to: string
}

/** Everything `onEvent` receives. */
export type VerifyEvent = SentEvent | CheckedEvent | RefusedEvent | UpstreamFailedEvent | BudgetExceededEvent | ConversionEvent

/** A logger; every method optional. Fields are already masked. Default: warnings and errors on `console`. */
export interface ProxyLogger {
  debug?(message: string, fields?: Record<string, unknown>): void
  info?(message: string, fields?: Record<string, unknown>): void
  warn?(message: string, fields?: Record<string, unknown>): void
  error?(message: string, fields?: Record<string, unknown>): void
}
