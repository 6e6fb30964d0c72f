import { server } from 'vitest/browser'

/** An engine the browser tests run in (vitest.config.ts: one Vitest instance each). */
export type Engine = 'chromium' | 'firefox' | 'webkit'

/** The engine running this test file. */
export const engine = server.browser as Engine

/**
 * For `test.skipIf(skipIn(['webkit'], 'why'))`: true in the named engines. The reason is required
 * so every engine-specific skip says in the test file why the engine cannot run it.
 */
export function skipIn(engines: readonly Engine[], reason: string): boolean {
  if (!reason.trim()) throw new Error('skipIn: say why the test cannot run in these engines')
  return engines.includes(engine)
}
