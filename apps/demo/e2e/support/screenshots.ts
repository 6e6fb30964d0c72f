import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { currentEngine } from './engine'

/** Where the tests write screenshots of the main screens for a reviewer (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url))

/**
 * Whether the tests picture the screens they walk: only when `HAKIKI_DEMO_SCREENSHOTS=1` (a
 * reviewer's run). The pictures check nothing, and ~20 full-page PNGs per engine cost every run
 * ~0.1 CPU s each in Chromium and ~0.2 in Firefox (measured), the waits included; a failed test's
 * picture is always taken.
 */
export const SCREENSHOTS_WANTED = process.env.HAKIKI_DEMO_SCREENSHOTS === '1'

/**
 * Saves a full-page screenshot as `<name>.png` (`firefox-<name>.png` in Firefox); the animations are
 * settled first. Only when {@link SCREENSHOTS_WANTED}, or with `always` (a failed test's picture).
 */
export async function screenshot(page: Page, name: string, options: { always?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS_WANTED && !options.always) return
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${currentEngine() === 'chromium' ? '' : `${currentEngine()}-`}${name}.png`, fullPage: true, animations: 'disabled', caret: 'hide' })
}
