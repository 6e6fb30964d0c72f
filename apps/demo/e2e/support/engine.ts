import { launchFirefox } from '@hakiki/build-config/browsers'
import type { Browser } from 'playwright-core'
import { inject } from 'vitest'
import { launchChromium } from './chromium'

declare module 'vitest' {
  interface ProvidedContext {
    /** The engine this project's end-to-end tests drive (vitest.config.ts, one project per engine). */
    engine: 'chromium' | 'firefox'
  }
}

/**
 * The engine of this test file's run (inside a test file only, not in a global setup): each engine is a Vitest project of vitest.config.ts. WebKit is not one
 * of them: these tests use Playwright's page API, and Playwright cannot drive WebKitGTK (Debian's
 * WebKit speaks classic WebDriver only); the components the demo renders run in WebKit in
 * @hakiki/ui's browser suite and the stories.
 */
export function currentEngine(): 'chromium' | 'firefox' {
  return inject('engine')
}

/**
 * Firefox preferences of the end-to-end runs. Playwright has no `isMobile` for Firefox, so the
 * phone-sized pages (360 and 320 px) would lose 12 px to a desktop scrollbar: phones draw theirs
 * over the page, as Chromium's mobile emulation does.
 */
const FIREFOX_E2E_PREFS = { 'ui.useOverlayScrollbars': 1 }

/**
 * Launches the engine of this run through playwright-core. `colorScheme`: Firefox ESR 153 has no
 * BiDi override of `prefers-color-scheme` (emulation.setMediaFeaturesOverride, see
 * patches/playwright-core*.patch), so a dark or light system takes a Firefox of its own, set by
 * its content preference (0 dark, 1 light); Chromium emulates it per context.
 */
export function launchBrowser(options: { colorScheme?: 'dark' | 'light' } = {}): Promise<Browser> {
  if (currentEngine() !== 'firefox') return launchChromium()
  const prefs: Record<string, number> = { ...FIREFOX_E2E_PREFS }
  if (options.colorScheme) prefs['layout.css.prefers-color-scheme.content-override'] = options.colorScheme === 'dark' ? 0 : 1
  return launchFirefox({ prefs })
}
