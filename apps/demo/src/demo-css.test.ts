import { readFile } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from '../e2e/support/chromium'

// demo.css drawn in Debian's Chromium, on the markup of the screens it styles: no server needed.
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('demo.css', () => {
  test('a focused heading (the "Welcome, …" screen) draws its ring around its text, not across the card', async () => {
    const css = await readFile(new URL('demo.css', import.meta.url), 'utf8')
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      // The markup of the sign-up result (signup-form.tsx): focus moves to the heading.
      await page.setContent(
        `<style>${css}</style><main><section class="demo-card demo-signup"><h1 id="result-title" tabindex="-1" lang="en">Welcome, Ama Mensah</h1><p>Your account is created.</p></section></main>`,
      )
      const heading = page.locator('h1')
      await heading.focus()
      const drawn = await heading.evaluate((el) => {
        const text = document.createRange()
        text.selectNodeContents(el)
        const style = getComputedStyle(el)
        return {
          focusVisible: el.matches(':focus-visible'),
          outline: style.outlineStyle,
          width: el.getBoundingClientRect().width,
          textWidth: text.getBoundingClientRect().width,
          cardWidth: (el.parentElement as HTMLElement).clientWidth,
        }
      })
      expect(drawn.focusVisible).toBe(true)
      expect(drawn.outline).toBe('solid')
      // The ring follows the heading's box: as wide as its text (within a pixel), far narrower than the card.
      expect(drawn.width).toBeLessThanOrEqual(Math.ceil(drawn.textWidth) + 1)
      expect(drawn.width).toBeLessThan(drawn.cardWidth / 2)
    } finally {
      await page.close()
    }
  })
})
