import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { startDemo, type RunningDemo, type StartDemoOptions } from '../../server/start-demo'
import { currentEngine, E2E_REDUCED_MOTION, launchBrowser } from './engine'
import { screenshot } from './screenshots'

/** What each test of a file gets: the running demo, and a fresh page in a fresh browser context. */
export interface DemoHarness {
  /** The built demo served by `vite preview`, its proxy and the sandbox (inbox, faults, clock). */
  demo: RunningDemo
  browser: Browser
  /** A new context per test: its own cookies (proxy session) and sessionStorage. */
  context: BrowserContext
  page: Page
  /** Uncaught exceptions of the page during the test; the harness fails the test on any. */
  pageErrors: string[]
  /**
   * Replaces this test's page by one in a new context with other options (a 360 px phone, a dark
   * system theme); closed after the test like the first one.
   */
  usePage(options: BrowserContextOptions): Promise<Page>
  /**
   * Says that this test itself gives the focus to another window, so its page may lose it (the
   * harness fails any other test whose page did: see {@link FOCUS_LOST}).
   */
  otherWindowTakesFocus(): void
}

/**
 * How many times the page's window lost the focus, counted in the page. A test's page must keep
 * it: in Firefox, pages of one browser take the focus from each other, and a page losing it blurs
 * its focused element, so a test run beside another file's page would see its menus, lists and
 * fields react to a blur no user made (engine.ts gives each worker its own Firefox for this).
 */
const FOCUS_LOST = '__hakikiFocusLost'

/**
 * Wires the vitest hooks of one test file: one demo (on free ports, so files run side by side)
 * and one browser for the file (the project's engine, see engine.ts), a fresh context per test, and faults cleared after each test.
 * `demoOptions.provider` picks what the proxy talks to (default the Verify API; `engine`: own
 * delivery, with `demoOptions.smtp` its mail server, default none so no local Postfix is used by chance).
 */
export function setupDemoHarness(contextOptions: BrowserContextOptions = {}, demoOptions: Pick<StartDemoOptions, 'provider' | 'smtp'> = {}): DemoHarness {
  const defaults: BrowserContextOptions = { viewport: { width: 1100, height: 900 }, locale: 'en-US', reducedMotion: E2E_REDUCED_MOTION, ...contextOptions }
  const harness = { pageErrors: [] as string[] } as DemoHarness
  /** A browser of this test's own (Firefox's colour scheme is the browser's, see engine.ts), closed after the test. */
  let ownBrowser: Browser | undefined
  const open = async (options: BrowserContextOptions) => {
    let browser = harness.browser
    if (options.colorScheme && currentEngine() === 'firefox') {
      ownBrowser ??= await launchBrowser({ colorScheme: options.colorScheme === 'dark' ? 'dark' : 'light' })
      browser = ownBrowser
    }
    harness.context = await browser.newContext({ ...defaults, ...options })
    await harness.context.addInitScript((key) => {
      const counts = window as unknown as Record<string, number>
      counts[key] = 0
      window.addEventListener('blur', (event) => {
        if (event.target === window) counts[key]!++
      })
    }, FOCUS_LOST)
    harness.page = await harness.context.newPage()
    harness.page.on('pageerror', (error) => harness.pageErrors.push(error.message))
    return harness.page
  }
  let focusLossExpected = false
  harness.otherWindowTakesFocus = () => {
    focusLossExpected = true
  }
  harness.usePage = async (options) => {
    await harness.context.close()
    return open(options)
  }
  beforeAll(async () => {
    const [demo, browser] = await Promise.all([startDemo({ smtp: false, ...demoOptions, mode: 'preview', port: 0, sandboxPort: 0, quiet: true }), launchBrowser()])
    harness.demo = demo
    harness.browser = browser
  })
  afterAll(async () => {
    await harness.browser?.close()
    await harness.demo?.close()
  })
  beforeEach(async () => {
    harness.pageErrors = []
    focusLossExpected = false
    await open({})
  })
  afterEach(async ({ task }) => {
    // A failed test leaves a picture of where it stopped, beside the screenshots of the screens.
    if (task.result?.state === 'fail') await screenshot(harness.page, `failed-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`, { always: true }).catch(() => {})
    const focusLost = await harness.page.evaluate((key) => (window as unknown as Record<string, number | undefined>)[key] ?? 0, FOCUS_LOST).catch(() => 0)
    await harness.context.close()
    await ownBrowser?.close()
    ownBrowser = undefined
    harness.demo.sandbox.faults.clear()
    expect(harness.pageErrors, 'uncaught errors in the page').toEqual([])
    if (!focusLossExpected) expect(focusLost, "times the page lost the focus to another window (another test's page?)").toBe(0)
  })
  return harness
}
