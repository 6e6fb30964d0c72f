/**
 * The server's OpenTelemetry instruments, on the OpenTelemetry API only: with no SDK registered
 * they cost nothing; register a MeterProvider (OTLP, Prometheus) in the process and they report.
 * Labels are bounded sets (endpoint, channel, country, status, route), never an address or a client
 * secret; `client` is a configured client id.
 */
import { metrics, type Meter } from '@opentelemetry/api'

/** Labels of a send or a verification. */
export interface SendLabels {
  client: string
  channel: string
  /** ISO 3166-1 alpha-2 of a phone destination; `none` for e-mail. */
  country: string
}

/** What the handler records. */
export interface ServerMetrics {
  /** A verification was created (its first send; re-sends are not counted here). */
  created(labels: SendLabels): void
  /** A code went out (first send or re-send); `outcome` `sent` or the provider error kind. */
  sent(labels: SendLabels & { outcome: string }): void
  /** A code was checked; `status` is the verification's status after it. */
  checked(labels: SendLabels & { status: string }): void
  /** A request was answered. */
  request(labels: { endpoint: string; status: number }, durationMs: number): void
}

/** Instruments on `meter` (default: the global meter provider's `@hakiki/server` meter). */
export function createServerMetrics(meter: Meter = metrics.getMeter('@hakiki/server')): ServerMetrics {
  const created = meter.createCounter('hakiki.verifications.created', { description: 'Verifications created (first sends): conversion = checked{status=approved} / created' })
  const sends = meter.createCounter('hakiki.sends', { description: 'Codes handed to a transport (first sends and re-sends), by outcome' })
  const checks = meter.createCounter('hakiki.verifications.checked', {
    description: 'Codes checked, by the status that followed (approved, pending, cancelled, expired)',
  })
  const duration = meter.createHistogram('hakiki.http.server.duration', { description: 'Time to answer a request', unit: 'ms' })
  return {
    created: (labels) => created.add(1, { ...labels }),
    sent: (labels) => sends.add(1, { ...labels }),
    checked: (labels) => checks.add(1, { ...labels }),
    request: (labels, ms) => duration.record(ms, { ...labels }),
  }
}
