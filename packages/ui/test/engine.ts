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

/**
 * For `test.skipIf(engineNeutral('why'))`: true in Firefox and WebKit. For a case whose subject
 * touches no engine behaviour (words from the catalogs, the flow's states on a fake or held clock,
 * props passed through): it runs once, in Chromium, not again in the other two engines, where it
 * would check the same JavaScript at 2-3x the cost. What such a case does on the way (typing, a
 * click) is tested in every engine by the tests of that behaviour. The reason is required and
 * says why the case needs no other engine.
 */
export function engineNeutral(reason: string): boolean {
  return skipIn(['firefox', 'webkit'], reason)
}
