import type { Reporter } from 'vitest/node'

/**
 * A Vitest reporter that prints, after Vitest's summary, one line with each browser engine's
 * passed, failed and skipped tests (`engines  chromium 320 passed | firefox …`).
 */
export declare class EngineSummaryReporter implements Reporter {
  onTestRunEnd: Reporter['onTestRunEnd']
}
