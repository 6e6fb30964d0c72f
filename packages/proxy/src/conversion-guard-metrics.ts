/**
 * The conversion guard's metric, on the OpenTelemetry API only (as `@hakiki/server`'s): with no SDK
 * registered it costs nothing; register a MeterProvider (OTLP, Prometheus) in the process and it
 * reports. Labels are bounded sets (scope, country), never a prefix or an address.
 */
import { metrics, type Meter } from '@opentelemetry/api'
import type { ConversionEvent } from './conversion-guard-events'

/** What the proxy records about conversion blocks. */
export interface ConversionGuardMetrics {
  /** Counts a block that started or ended (`hakiki.proxy.conversion.blocks`, `hakiki.proxy.conversion.unblocks`). */
  record(event: ConversionEvent): void
}

/** Instruments on `meter` (default: the global meter provider's `@hakiki/proxy` meter). */
export function createConversionGuardMetrics(meter: Meter = metrics.getMeter('@hakiki/proxy')): ConversionGuardMetrics {
  const blocks = meter.createCounter('hakiki.proxy.conversion.blocks', {
    description: 'Destinations blocked by the conversion guard (volume above baseline, verification rate below threshold), by scope and country',
  })
  const unblocks = meter.createCounter('hakiki.proxy.conversion.unblocks', { description: 'Conversion blocks that ended with the destination no longer looking attacked' })
  return {
    record: (event) => (event.type === 'conversion.blocked' ? blocks : unblocks).add(1, { scope: event.scope, country: event.country }),
  }
}
