import { FIREFOX_PATH, FIREFOX_PREFS, launchFirefox } from '@hakiki/build-config/browsers'
import { chromium, firefox, type Browser, type BrowserServer } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

/** The engines Playwright drives here (WebKit has its own project, see e2e/webkit/). */
export type PlaywrightEngine = 'chromium' | 'firefox'

declare module 'vitest' {
  interface ProvidedContext {
    /** The engine this project's end-to-end tests drive (vitest.config.ts, one project per engine). */
    engine: PlaywrightEngine
    /**
     * Where the project's browsers listen (global-setup.ts): one per worker in Firefox, one in
     * Chromium; each file connects to its worker's.
     */
    browserEndpoints: string[]
  }
}

/**
 * The engine of this test file's run (inside a test file only, not in a global setup): each engine is a Vitest project of vitest.config.ts. WebKit is not one
 * of them: these tests use Playwright's page API, and Playwright cannot drive WebKitGTK (Debian's
 * WebKit speaks classic WebDriver only); e2e/webkit/ walks the demo there through WebDriver.
 */
export function currentEngine(): PlaywrightEngine {
  return inject('engine')
}

/**
 * Firefox preferences of the end-to-end runs. Playwright has no `isMobile` for Firefox, so the
 * phone-sized pages (360 and 320 px) would lose 12 px to a desktop scrollbar: phones draw theirs
 * over the page, as Chromium's mobile emulation does. Reduced motion, as Chromium's contexts
 * (demo-harness.ts, {@link E2E_REDUCED_MOTION}); Firefox ESR 153 has no BiDi override of it.
 */
const FIREFOX_E2E_PREFS = { 'ui.useOverlayScrollbars': 1, 'ui.prefersReducedMotion': 1 }

/**
 * The walks see the system asking for reduced motion, so the kit's styles stop their animations
 * (the code field's blinking caret, the spinner). A blinking caret in a focused code field made the
 * browser draw all the time: measured here, 0.09–0.10 CPU s per second of a focused code step in
 * Chromium and Firefox, 0.03 without it, and the walks spend much of their time there. No walk
 * checks an animation; the animated styles are drawn in three engines by the ui tests and stories.
 */
export const E2E_REDUCED_MOTION = 'reduce' as const

/**
 * Starts the browsers of a project's run (global-setup.ts), which the test files of the project
 * connect to: each file still gets fresh contexts, but a Firefox start costs ~5–25 s of a loaded
 * 2-core machine (Chromium's ~3 s), once per file before. Firefox: one browser per worker
 * (`workers`, Vitest's `maxWorkers`), so the files that run at the same time never share one. Pages
 * of one Firefox take the focus from each other (headless too, even with
 * `focusmanager.testingmode`): another file's page opening blurred the focused element of this
 * file's page, with no element to go to, and whatever reacts to the page losing the focus reacted
 * mid-test (the country list closed under "pick Germany", session 6). Files of one worker run one
 * after another. Chromium's headless pages each keep their own focus: one browser.
 */
export async function launchBrowserServers(engine: PlaywrightEngine, workers: number): Promise<BrowserServer[]> {
  if (engine === 'chromium') return [await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })]
  return Promise.all(Array.from({ length: Math.max(1, workers) }, launchFirefoxServer))
}

function launchFirefoxServer(): Promise<BrowserServer> {
  return firefox.launchServer({ channel: 'moz-firefox', executablePath: FIREFOX_PATH, headless: true, firefoxUserPrefs: { ...FIREFOX_PREFS, ...FIREFOX_E2E_PREFS } })
}

/**
 * This run's browser: a connection to the project's browser (its `close()` ends only this
 * connection and its contexts). `colorScheme`: Firefox ESR 153 has no BiDi override of
 * `prefers-color-scheme` (emulation.setMediaFeaturesOverride, see patches/playwright-core*.patch),
 * so a dark or light system takes a Firefox of its own, launched here, set by its content
 * preference (0 dark, 1 light); Chromium emulates it per context.
 */
export function launchBrowser(options: { colorScheme?: 'dark' | 'light' } = {}): Promise<Browser> {
  const engine = currentEngine()
  if (engine === 'firefox' && options.colorScheme) {
    return launchFirefox({ prefs: { ...FIREFOX_E2E_PREFS, 'layout.css.prefers-color-scheme.content-override': options.colorScheme === 'dark' ? 0 : 1 } })
  }
  // This worker's browser (VITEST_POOL_ID: 1 to maxWorkers).
  const endpoints = inject('browserEndpoints')
  const endpoint = endpoints[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % endpoints.length]!
  return (engine === 'firefox' ? firefox : chromium).connect(endpoint)
}
