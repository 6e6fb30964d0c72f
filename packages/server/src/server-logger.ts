/**
 * Structured logs: one JSON object per line. Callers pass addresses through `maskAddress` (from
 * `@hakiki/core`) before they reach a log line; codes, secrets and tokens are never logged.
 */

/** Severity of a log line. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

/** Where log lines go. */
export interface ServerLogger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/** A logger writing JSON lines with `write` (default: stdout through `console.info`), from `level` up. */
export function createJsonLogger(options: { level?: LogLevel; write?: (line: string) => void; now?: () => number } = {}): ServerLogger {
  const min = ORDER[options.level ?? 'info']
  const write = options.write ?? ((line: string) => console.info(line))
  const now = options.now ?? Date.now
  return {
    log(level, message, fields = {}) {
      if (ORDER[level] < min) return
      write(JSON.stringify({ time: new Date(now()).toISOString(), level, msg: message, ...fields }))
    },
  }
}

/** A logger that drops everything (tests, benchmarks). */
export const silentLogger: ServerLogger = { log() {} }
