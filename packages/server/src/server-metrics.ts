/**
 * The server's OpenTelemetry instruments, on the OpenTelemetry API only: with no SDK registered
 * they cost nothing; register a MeterProvider (OTLP, Prometheus) in the process and they report.
 * Labels are bounded sets (endpoint, channel, country, status, route: a configured transport's
 * name), never an address or a client secret; `client` is a configured client id. Every count is
 * per country, channel and route, so conversion (checked{status=approved} / created) and delivery
 * rates are too.
 */
import { metrics, type Meter } from '@opentelemetry/api'

/** Labels of a send or a verification. */
export interface SendLabels {
  client: string
  channel: string
  /** ISO 3166-1 alpha-2 of a phone destination; `none` for e-mail. */
  country: string
  /** The route (transport name) of the latest send; `none` when no route took it. */
  route: string
}

/** Labels of a delivery event: a carrier's report, or a failover's send to the next route. */
export interface DeliveryLabels {
  channel: string
  country: string
  route: string
  /** The delivery status reported (or, for a failover, of the new send). */
  status: string
  /** `report` or `failover`. */
  event: 'report' | 'failover'
}

/** What the handler records. */
export interface ServerMetrics {
  /** A verification was created (its first send; re-sends are not counted here). */
  created(labels: SendLabels): void
  /** A code went out (first send or re-send); `outcome` `sent` or the provider error kind. */
  sent(labels: SendLabels & { outcome: string }): void
  /** A code was checked; `status` is the verification's status after it. */
  checked(labels: SendLabels & { status: string }): void
  /** A delivery report reached a verification, or a failover sent it over the next route. */
  delivery(labels: DeliveryLabels): void
  /** How long a start took to hand its code to a route (or to fail). */
  sendDuration(labels: SendLabels & { outcome: string }, durationMs: number): void
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
  const deliveries = meter.createCounter('hakiki.deliveries', {
    description: 'Delivery reports by status, and failover sends to the next route, per route: delivery rate = deliveries{status=delivered} / sends',
  })
  const sendDuration = meter.createHistogram('hakiki.send.duration', { description: 'Time for a start to hand its code to a route', unit: 'ms' })
  const duration = meter.createHistogram('hakiki.http.server.duration', { description: 'Time to answer a request', unit: 'ms' })
  return {
    created: (labels) => created.add(1, { ...labels }),
    sent: (labels) => sends.add(1, { ...labels }),
    checked: (labels) => checks.add(1, { ...labels }),
    delivery: (labels) => deliveries.add(1, { ...labels }),
    sendDuration: (labels, ms) => sendDuration.record(ms, { ...labels }),
    request: (labels, ms) => duration.record(ms, { ...labels }),
  }
}
