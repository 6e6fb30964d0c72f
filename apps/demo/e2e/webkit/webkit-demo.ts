import { WEBKIT_CAPABILITIES, startWebKitDriver, stopWebKitDriver } from '@hakiki/build-config/browsers'
import { type Browser, remote } from 'webdriverio'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { startDemo, type RunningDemo, type StartDemoOptions } from '../../server/start-demo'
import { AXE_SOURCE, WCAG_TAGS, axeInPage } from '../support/axe'
import { clipboardScratch } from '../support/clipboard-scratch'
import { inbox } from '../support/flow-actions'

// The demo's walks in WebKit (Debian's WebKitGTK), driven through classic WebDriver by webdriverio.
// Playwright, which the other e2e files use, cannot drive WebKitGTK (it speaks classic WebDriver
// only, and Playwright's WebKit is its own patched build): these files say the same things through
// the commands WebDriver has, against the same production build, proxy and sandbox. What WebDriver
// classic lacks, and what each file does instead:
// - no page clock (Playwright's `page.clock`, an init script installed before the app loads): a
//   cooldown is waited out in real time, once per test that needs one (30 s);
// - no emulated phone viewport (MiniBrowser's window is at least 447 px wide, no `isMobile`): a page
//   is put in a frame of the phone's width, whose media queries and layout are that width's;
// - no request interception or per-context colour scheme: the scripts a page loads are read from
//   the page's Resource Timing entries; dark mode stays with Chromium and Firefox (layout.e2e).

/** A file's demo and its WebKit session. */
export interface WebKitDemo {
  demo: RunningDemo
  browser: Browser
}

/**
 * One demo (free ports) and one WebKit session for the file (WebKitWebDriver runs one session at a
 * time; each file is its own process, with its own driver and X display). Each test starts as a new
 * visitor: the demo keeps its flow in sessionStorage and the proxy's session in a cookie.
 */
export function setupWebKitDemo(demoOptions: Pick<StartDemoOptions, 'provider'> = {}): WebKitDemo {
  const h = {} as WebKitDemo
  beforeAll(async () => {
    const [running, driver] = await Promise.all([startDemo({ smtp: false, ...demoOptions, mode: 'preview', port: 0, sandboxPort: 0, quiet: true }), startWebKitDriver()])
    h.demo = running
    h.browser = await remote({ hostname: driver.hostname, port: driver.port, capabilities: { ...WEBKIT_CAPABILITIES }, logLevel: 'warn' })
  })
  afterAll(async () => {
    await h.browser?.deleteSession().catch(() => {})
    stopWebKitDriver()
    await h.demo?.close()
  })
  beforeEach(async () => {
    await h.browser.switchFrame(null)
    await h.browser.url(`${h.demo.url}/`)
    await h.browser.execute(() => {
      sessionStorage.clear()
      localStorage.clear()
    })
    await h.browser.deleteCookies()
    h.demo.sandbox.faults.clear()
  })
  return h
}

/** The element whose accessible name is `name` (webdriverio's `aria/` selector), once displayed. */
export async function byName(browser: Browser, name: string) {
  const element = browser.$(`aria/${name}`)
  await element.waitForDisplayed({ timeout: 30_000 })
  return element
}

/** The first element matching the CSS `selector`, once displayed. */
export async function bySelector(browser: Browser, selector: string) {
  const element = browser.$(selector)
  await element.waitForDisplayed({ timeout: 30_000 })
  return element
}

/** Waits until `read` gives what `accept` takes (a condition, never a fixed sleep); returns it. */
export async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeout = 30_000): Promise<T> {
  let last: T | undefined
  await expect
    .poll(
      async () => {
        last = await read()
        return accept(last)
      },
      { timeout, message: `${what} (last seen: ${JSON.stringify(last)})` },
    )
    .toBe(true)
  return last as T
}

/** Waits until the page shows `text` somewhere. */
export async function waitForText(browser: Browser, text: string): Promise<void> {
  await waitFor(() => browser.execute(() => document.body.innerText), (shown) => shown.includes(text), `the page shows "${text}"`)
}

/** axe (WCAG 2.2 AA) on the document as it is (put in once per document), with a readable list of what it found. */
export async function axeViolations(browser: Browser): Promise<string[]> {
  if (!(await browser.execute(() => 'axe' in window))) await browser.execute(AXE_SOURCE)
  return browser.execute(axeInPage, WCAG_TAGS)
}

/** Fills the name, picks the channel (by its radio's name), types the address and presses "Send code". */
export async function openAndSend(browser: Browser, options: { url: string; name: string; to: string; channel?: 'SMS' | 'Voice call' | 'Email' }): Promise<void> {
  await browser.url(options.url)
  await byName(browser, 'Create your account')
  await (await byName(browser, 'Full name')).setValue(options.name)
  if (options.channel) await (await byName(browser, options.channel)).click()
  await (await byName(browser, options.channel === 'Email' ? 'Email address' : 'Phone number')).setValue(options.to)
  await (await byName(browser, 'Send code')).click()
}

/** Types `code` into the code field (WebDriver's Element Send Keys: focus, then one key per digit). */
export async function typeCode(browser: Browser, code: string): Promise<void> {
  await (await byName(browser, 'Verification code')).addValue(code)
}

/** Empties the code field with Backspace (WebDriver's Element Clear would blur it, by its spec). */
export async function clearCode(browser: Browser): Promise<void> {
  await browser.keys(Array(6).fill('Backspace'))
}

/**
 * A real paste of `text` into the element named `name`, as a user makes it: the text is copied from
 * a scratch textarea with the keyboard (Ctrl+C), then pasted into the focused field with Ctrl+V, so
 * the engine fires a trusted `paste` carrying it.
 */
export async function pasteInto(browser: Browser, name: string, text: string): Promise<void> {
  await browser.execute(clipboardScratch, text)
  await browser.keys(['Control', 'c'])
  await browser.execute(clipboardScratch, null)
  await (await byName(browser, name)).click()
  await browser.keys(['Control', 'v'])
}

/**
 * The resend-style button whose name is `name`: whether it waits (`aria-disabled`), what it paints
 * (its innerText, which must be its name: WCAG 2.5.3) and the seconds drawn beside it ('' when none).
 */
export function resendState(browser: Browser, name: string): Promise<{ waiting: boolean; text: string; countdown: string } | null> {
  return browser.execute((wanted) => {
    const button = [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === wanted)
    if (!button) return null
    const countdown = button.parentElement?.querySelector(':scope > [data-part="countdown"]') as HTMLElement | null
    return { waiting: button.getAttribute('aria-disabled') === 'true', text: button.innerText.trim(), countdown: countdown?.innerText.trim() ?? '' }
  }, name)
}

/** What the verified screen says: its heading, and the receipt's address and verification. */
export function verifiedResult(browser: Browser): Promise<{ heading: string; to: string; verification: string }> {
  return browser.execute(() => {
    // Inside the page function: it is serialized into the browser, so it cannot use outer helpers.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const cell = (term: string) => [...document.querySelectorAll('dl.demo-receipt dt')].find((dt) => dt.textContent?.includes(term))?.nextElementSibling?.textContent ?? ''
    return {
      heading: [...document.querySelectorAll('h1, h2')].find((h) => h.textContent?.startsWith('Welcome, '))?.textContent ?? '',
      to: cell('Verified').replace(/\s+/g, ''),
      verification: cell('Verification'),
    }
  })
}

/** Waits for the verified screen (its "Welcome, …" heading) and returns what it says. */
export async function waitForVerified(browser: Browser, name: string): Promise<{ heading: string; to: string; verification: string }> {
  await waitForText(browser, `Welcome, ${name}`)
  return verifiedResult(browser)
}

/** How many messages the sandbox sent to `to`. */
export function sent(demo: RunningDemo, to: string): number {
  return inbox(demo, to).length
}
