import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { currentEngine } from './engine'

/** Where the tests write screenshots of the main screens for a reviewer (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url))

/** Saves a full-page screenshot as `<name>.png` (`firefox-<name>.png` in Firefox); the animations are settled first. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${currentEngine() === 'chromium' ? '' : `${currentEngine()}-`}${name}.png`, fullPage: true, animations: 'disabled', caret: 'hide' })
}
