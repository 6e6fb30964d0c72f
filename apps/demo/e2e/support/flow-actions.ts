import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { RunningDemo } from '../../server/start-demo'
import { clipboardScratch } from './clipboard-scratch'

/**
 * The scripts opening the country list of the 14 covered countries may fetch: its code and search
 * (the bundler names the search's chunk after its first module, load-country-aliases), the search
 * aliases, and the 14's flags (flags-covered); no region index, no country.
 */
export const COVERED_LIST_CHUNK = /\/((load-)?country-[\w-]+|flags-covered[\w.-]*)\.js$/

/** Channel choices as the user sees them. */
export type ChannelName = 'SMS' | 'Voice call' | 'Email' | 'WhatsApp'

/** Opens the demo (optionally in a locale) and waits for the form. */
export async function openDemo(page: Page, demo: RunningDemo, query = ''): Promise<void> {
  await page.goto(`${demo.url}/${query}`)
  await page.getByRole('heading', { name: 'Create your account' }).waitFor()
}

/** Fills the name, picks the channel, types the address and presses "Send code". */
export async function sendCode(page: Page, options: { name?: string; channel?: ChannelName; to: string }): Promise<void> {
  if (options.name !== undefined) await page.getByRole('textbox', { name: 'Full name' }).fill(options.name)
  if (options.channel) await page.getByRole('radio', { name: options.channel }).check()
  const field = options.channel === 'Email' ? page.getByRole('textbox', { name: 'Email address' }) : page.getByRole('textbox', { name: 'Phone number' })
  await field.fill(options.to)
  await page.getByRole('button', { name: 'Send code' }).click()
}

/** The messages the sandbox "sent" to `to`, newest first. */
export function inbox(demo: RunningDemo, to: string) {
  return demo.sandbox.inbox.list({ to })
}

/** Waits until `count` messages reached `to` and returns the newest one. */
export async function waitForMessage(demo: RunningDemo, to: string, count = 1) {
  await expect.poll(() => inbox(demo, to).length, { timeout: 60_000, message: `messages to ${to}` }).toBeGreaterThanOrEqual(count)
  const [newest] = inbox(demo, to)
  if (!newest) throw new Error('unreachable: the inbox was just polled')
  return newest
}

/** The "Verification code" field, once the code step is shown. */
export async function codeField(page: Page) {
  const field = page.getByRole('textbox', { name: 'Verification code' })
  await field.waitFor()
  return field
}

/** Types a code into the code field as a user would, digit by digit. */
export async function typeCode(page: Page, code: string): Promise<void> {
  const field = await codeField(page)
  await field.click()
  await page.keyboard.type(code)
}

/**
 * A real paste of `text` into `field`, as a user makes it: the text is copied from a scratch
 * textarea with the keyboard (Ctrl+C), then pasted into the focused field with Ctrl+V, so the
 * engine fires a trusted `paste` carrying it. (A `ClipboardEvent` made by script loses its data in
 * Firefox, and is not what any user sends.)
 */
export async function pasteInto(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate(clipboardScratch, text)
  await page.keyboard.press('ControlOrMeta+c')
  await page.evaluate(clipboardScratch, null)
  await field.focus()
  await page.keyboard.press('ControlOrMeta+v')
}

/** A code of the same length that is certainly not `code`. */
export function wrongCode(code: string, n = 1): string {
  return code
    .split('')
    .map((d, i) => (i === 0 ? String((Number(d) + n) % 10) : d))
    .join('')
}

/** Waits for the account-created screen and returns what the server said it verified. */
export async function verifiedResult(page: Page): Promise<{ heading: string; to: string; verification: string }> {
  const heading = page.getByRole('heading', { name: /^Welcome, / })
  await heading.waitFor({ timeout: 60_000 })
  const list = page.locator('dl.demo-receipt')
  return {
    heading: (await heading.textContent()) ?? '',
    // Phone numbers are shown formatted (+233 24 123 4567): compare without the spaces.
    to: ((await list.locator('dt:has-text("Verified") + dd').textContent()) ?? '').replace(/\s+/g, ' ').replace(/(\+[\d ]+\d)/, (n) => n.replace(/ /g, '')),
    verification: (await list.locator('dt:has-text("Verification") + dd').textContent()) ?? '',
  }
}

/** Whether `locator`'s element has the keyboard focus. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement)
}

/** Presses Tab (at most `max` times) until `locator` has focus; fails if it never gets it. */
export async function tabUntilFocused(page: Page, locator: Locator, max = 15): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(locator)) return
    await page.keyboard.press('Tab')
  }
  expect(await isFocused(locator), `focus reached ${locator} within ${max} Tabs`).toBe(true)
}

/**
 * Lets `seconds` pass for the whole simulated world at once: the clock the sandbox and the proxy
 * share, and the page's clock (`page.clock.install()` must have run before the page loaded).
 * Nothing sleeps: a 30-second cooldown is over in a few milliseconds.
 */
export async function passTime(page: Page, demo: RunningDemo, seconds: number): Promise<void> {
  demo.clock.advance(seconds)
  await page.clock.fastForward(seconds * 1000)
}

/** The flow's general error as drawn right now (a step's `[data-part="error"]`), `''` when none: not waited for. */
export async function generalErrorNow(page: Page): Promise<string> {
  return (await page.locator('.hakiki-flow [data-part="error"]').allTextContents()).join(' ').trim()
}

/**
 * The flow's error as drawn, once there is one: what last went wrong (a step's `[data-part="error"]`,
 * or the problem step's message when the verification failed). The flow has no `role=alert`: it
 * draws the error once and says it in its one polite live region (`output[data-region="flow"]`).
 */
export async function alertText(page: Page): Promise<string> {
  const shown = page.locator('.hakiki-flow [data-part="error"], .hakiki-flow [data-step="problem"] [data-part="message"]')
  const text = async () => (await shown.allTextContents()).join(' ').trim()
  await expect.poll(text, { message: 'the flow showed an error' }).not.toBe('')
  return text()
}

/**
 * The code's error as the flow draws it under the boxes (`[data-part="code-error"]`, tied to the
 * field by aria-describedby; the flow's live region says it), once there is one.
 */
export async function codeErrorText(page: Page, hasText?: string): Promise<string> {
  const region = page.locator('[data-part="step"][data-step="code"] [data-part="code-error"]')
  const text = async () => ((await region.textContent()) ?? '').trim()
  await expect.poll(text, { message: 'the code error was shown' }).toContain(hasText ?? '')
  await expect.poll(text, { message: 'the code error was shown' }).not.toBe('')
  return text()
}

/**
 * The resend-style button named `name`: whether it waits (`aria-disabled`), what the button paints
 * (its `innerText`, which must be its name: WCAG 2.5.3) and the seconds drawn beside it ('' when none).
 */
export async function resendState(page: Page, name: string): Promise<{ waiting: boolean; text: string; countdown: string }> {
  const button = page.getByRole('button', { name, exact: true })
  const countdown = button.locator('xpath=..').locator(':scope > [data-part="countdown"]')
  return {
    waiting: (await button.getAttribute('aria-disabled')) === 'true',
    text: (await button.innerText()).trim(),
    countdown: (await countdown.count()) === 0 ? '' : (await countdown.innerText()).trim(),
  }
}

/**
 * Another page of the same browser takes the focus for a moment, as another window or app would
 * (its own context, a field clicked and typed in), then closes. In Firefox the test's page loses
 * the focus to it: its focused element is blurred with nowhere to go (`relatedTarget` null,
 * `document.hasFocus()` false); Chromium's headless pages each keep their own focus. A test calling
 * this says so to the harness first (`otherWindowTakesFocus()`).
 */
export async function anotherWindowTakesFocus(page: Page): Promise<void> {
  const browser = page.context().browser()
  if (!browser) throw new Error('the test needs the browser of its page')
  const other = await (await browser.newContext()).newPage()
  try {
    await other.setContent('<input aria-label="elsewhere">')
    await other.getByRole('textbox', { name: 'elsewhere' }).click()
    await other.keyboard.type('x')
  } finally {
    await other.context().close()
  }
}
