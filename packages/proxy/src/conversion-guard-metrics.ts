/**
 * The conversion guard's metric, on the OpenTelemetry API only (as `@hakiki/server`'s): with no SDK
 * registered it costs nothing; register a MeterProvider (OTLP, Prometheus) in the process and it
 * reports. Labels are bounded sets (scope, country), never a prefix or an address.
 */
import type { Counter, Meter } from '@opentelemetry/api'
import type { ConversionEvent } from './conversion-guard-events'

/** What the proxy records about conversion blocks. */
export interface ConversionGuardMetrics {
  /** Counts a block that started (`hakiki.proxy.conversion.blocks`) or ended (`hakiki.proxy.conversion.unblocks`). */
  record(event: ConversionEvent): void
}

/**
 * Instruments on `meter`; by default the global meter provider's `@hakiki/proxy` meter, looked up
 * at the first block, so a MeterProvider registered after the handler was created still gets it
 * (the OpenTelemetry API hands out no-op meters before one is registered). The API itself is
 * imported then too (a block is rare; the import cost every app's start-up about 1 MB of heap), so
 * the first count lands once that import resolved.
 */
export function createConversionGuardMetrics(meter?: Meter): ConversionGuardMetrics {
  let counters: { blocks: Counter; unblocks: Counter } | undefined
  const instruments = (on: Meter) => {
    counters ??= {
      blocks: on.createCounter('hakiki.proxy.conversion.blocks', {
        description: 'Destinations blocked by the conversion guard (volume above baseline, verification rate below threshold), by scope and country',
      }),
      unblocks: on.createCounter('hakiki.proxy.conversion.unblocks', { description: 'Conversion blocks that ended with the destination no longer looking attacked' }),
    }
    return counters
  }
  const count = (on: Meter, event: ConversionEvent) => {
    const { blocks, unblocks } = instruments(on)
    ;(event.type === 'conversion.blocked' ? blocks : unblocks).add(1, { scope: event.scope, country: event.country })
  }
  return {
    record: (event) => {
      if (meter) return count(meter, event)
      // A metric must never fail a request: a failed import drops the count.
      void import('@opentelemetry/api').then(({ metrics }) => count(metrics.getMeter('@hakiki/proxy'), event)).catch(() => undefined)
    },
  }
}
