// Plain JavaScript for the same reason as index.js: Vitest, Storybook and Node scripts load it
// through `exports` without transpiling workspace TypeScript.

/**
 * Debian's Chromium, never a downloaded browser: `CHROME_PATH` (what Lighthouse reads) or
 * `CHROMIUM_PATH` override it.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Launch flags of every Chromium the project drives (browser tests, stories, end-to-end tests,
 * benchmarks). The background-networking flags keep it from flooding the closed network with
 * refused connections (see shared/toolchain.md). Playwright adds its own `--user-data-dir`.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
])
