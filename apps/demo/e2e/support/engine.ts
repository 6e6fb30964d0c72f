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

/** Launches the engine of this run through playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return currentEngine() === 'firefox' ? launchFirefox() : launchChromium()
}
