// Plain JavaScript for the same reason as chromium.js: Vitest configs load it through `exports`
// without transpiling workspace TypeScript.

/**
 * The node test packages' `testTimeout` and `hookTimeout`: bounds for a hang, not speed goals
 * (benchmarks measure speed). Vitest's defaults (5 s a test, 10 s a hook) were met by tests doing
 * real work beside the browser suites on 2 cores: 200 verifications drawn, a Postfix started for
 * the SMTP contract, a three-instance cluster over Redis, each at load ~22. Every wait inside a
 * test is on a condition; these only end a test that would never end. A test that needs a tighter
 * or looser bound sets its own.
 */
export const HANG_BOUNDS = Object.freeze({ testTimeout: 60_000, hookTimeout: 60_000 })
