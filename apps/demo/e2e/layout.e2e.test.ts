import { LOCALES } from '@hakiki/core'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations } from './support/axe'
import { freshPhone } from './support/addresses'
import { setupDemoHarness } from './support/demo-harness'
import { openDemo, sendCode, typeCode, verifiedResult, waitForMessage } from './support/flow-actions'
import { screenshot } from './support/screenshots'

const h = setupDemoHarness()

/** Widest the page is drawn: more than the viewport means a horizontal scroll bar. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** Relative luminance of the body's background (0 black … 1 white). */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number)
    // Inside the page function: it is serialized into the browser, so it cannot use outer helpers.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const lin = (c = 0) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
  })

describe('language and direction', () => {
  test('Arabic: the page is right to left, the code stays left to right, the SMS is in Arabic', async () => {
    const { page, demo } = h
    const to = freshPhone('GH')
    await page.goto(`${demo.url}/?locale=ar`)
    await page.locator('input[type=tel]').waitFor()
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl'])
    await expectNoAxeViolations(page, 'address (ar)')
    await screenshot(page, '07-ar-address')

    await page.getByRole('textbox', { name: 'Full name' }).fill('ليلى حسن')
    // Located by role and type, not by name: in Arabic the names are Arabic.
    await page.locator('input[type=tel]').fill(to)
    await page.locator('input[type=tel]').press('Enter')
    const message = await waitForMessage(demo, to)
    expect(message.locale).toBe('ar')
    const code = page.locator('input[autocomplete="one-time-code"]')
    await code.waitFor()
    await code.click()
    await page.keyboard.type(message.code.slice(0, 3))

    expect(await code.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr')
    // The boxes run left to right: each filled digit sits to the right of the one before.
    const slots = await page.locator('[data-part="slot"]').evaluateAll((els) => els.map((el) => ({ x: el.getBoundingClientRect().x, text: el.textContent })))
    expect(slots.map((s) => s.text).join('')).toBe(message.code.slice(0, 3))
    expect(slots.map((s) => s.x)).toEqual(slots.map((s) => s.x).toSorted((a, b) => a - b))
    // The device preview shows the Arabic SMS right to left.
    const bubble = page.getByRole('article', { name: 'Text message' }).locator('[lang="ar"]')
    expect(await bubble.getAttribute('dir')).toBe('rtl')
    await expectNoAxeViolations(page, 'code sent (ar)')
    await screenshot(page, '07-ar-code-rtl')

    await page.keyboard.type(message.code.slice(3))
    expect((await verifiedResult(page)).verification).toBe(message.verificationId)
  })

  test('the locale switcher lists all 36 locales and the message goes out in the chosen one', async () => {
    const { page, demo } = h
    const to = freshPhone('KE')
    await openDemo(page, demo)
    const select = page.getByRole('combobox', { name: 'Language' })
    const options = await select.locator('option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value))
    expect(options).toHaveLength(36)
    expect(new Set(options)).toEqual(new Set(LOCALES.map((l) => l.tag)))

    await select.selectOption('fr')
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, location.search])).toEqual(['fr', 'ltr', '?locale=fr'])
    await select.selectOption('he')
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await select.selectOption('fr')
    await page.getByRole('textbox', { name: 'Full name' }).fill('Awa Diallo')
    await page.locator('input[type=tel]').fill(to)
    await page.locator('input[type=tel]').press('Enter')
    expect((await waitForMessage(demo, to)).locale).toBe('fr')
    // A reload keeps the language (it is in the address bar).
    await page.reload()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr')
  })
})

describe('small screens and dark mode', () => {
  test('a 360 px phone: no horizontal scrolling on any screen, from address to verified', async () => {
    const page = await h.usePage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    const { demo } = h
    const to = freshPhone('NG')
    await openDemo(page, demo)
    expect(await pageWidth(page)).toBeLessThanOrEqual(360)
    await screenshot(page, '08-360px-address')

    await sendCode(page, { name: 'Adaeze Nwosu', to })
    const message = await waitForMessage(demo, to)
    await page.getByRole('article', { name: 'Text message' }).waitFor()
    expect(await pageWidth(page)).toBeLessThanOrEqual(360)
    await screenshot(page, '08-360px-code-sent')
    await expectNoAxeViolations(page, 'code sent (360 px)')

    await typeCode(page, message.code)
    await verifiedResult(page)
    expect(await pageWidth(page)).toBeLessThanOrEqual(360)
    await screenshot(page, '08-360px-verified')
  })

  test('a 320 px phone: the code step is calm, ten rows in English (thirteen before)', async () => {
    const page = await h.usePage({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true })
    const { demo } = h
    const to = freshPhone('GH')
    await openDemo(page, demo)
    await sendCode(page, { name: 'Ama Mensah', to })
    await waitForMessage(demo, to)
    await page.locator('input[autocomplete="one-time-code"]').waitFor()
    expect(await pageWidth(page)).toBeLessThanOrEqual(320)
    // Rows as the eye counts them: text lines, the row of boxes and buttons, grouped where they
    // overlap vertically. Before the calmer step: a heading, a "we sent" line, a visible label and
    // a three-line hint said the same; 13 rows, 576 px. Then 9 rows, the label hidden; the label is
    // shown again since session 4 (WCAG 2.5.3: speech-input users say what they see): 10.
    const { rows, height } = await page.evaluate(() => {
      const step = document.querySelector('[data-part="step"][data-step="code"]') as HTMLElement
      const rects: { top: number; bottom: number }[] = []
      const walker = document.createTreeWalker(step, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim() || n.parentElement?.closest('[data-part="sr-only"]')) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1) rects.push({ top: r.top, bottom: r.bottom })
      }
      for (const el of step.querySelectorAll('button, [data-part="slot"]')) {
        const r = el.getBoundingClientRect()
        if (r.width > 1) rects.push({ top: r.top, bottom: r.bottom })
      }
      rects.sort((a, b) => a.top - b.top)
      const grouped: { top: number; bottom: number }[] = []
      for (const r of rects) {
        const last = grouped.at(-1)
        if (last && r.top < last.bottom - 2) last.bottom = Math.max(last.bottom, r.bottom)
        else grouped.push({ ...r })
      }
      return { rows: grouped.length, height: step.getBoundingClientRect().height }
    })
    expect(rows).toBeLessThanOrEqual(10)
    expect(height).toBeLessThan(450)
    // The waiting buttons show only their names (WCAG 2.5.3); their seconds sit beside or under
    // them, inside the screen, over nothing.
    const waits = await page.evaluate(() =>
      [...document.querySelectorAll('[data-part="step"][data-step="code"] .hakiki-resend')].map((root) => {
        const b = root.querySelector('button')?.getBoundingClientRect()
        const c = root.querySelector('[data-part="countdown"]')?.getBoundingClientRect()
        const overlaps = !!b && !!c && c.left < b.right && c.right > b.left && c.top < b.bottom && c.bottom > b.top
        return { text: root.querySelector('button')?.textContent, countdown: root.querySelector('[data-part="countdown"]')?.textContent, overlaps, inside: !!c && c.left >= 0 && c.right <= 320 }
      }),
    )
    expect(waits).toEqual([
      { text: 'Resend code', countdown: expect.stringMatching(/^in \d+ s$/), overlaps: false, inside: true },
      { text: 'Call me instead', countdown: expect.stringMatching(/^in \d+ s$/), overlaps: false, inside: true },
    ])
    // The heading says where the code went; the field keeps its name.
    expect(await page.locator('[data-part="step"][data-step="code"] h2').textContent()).toContain('Enter the code sent to')
    expect(await page.getByRole('textbox', { name: 'Verification code' }).count()).toBe(1)
    await screenshot(page, '08-320px-code-sent')
    await expectNoAxeViolations(page, 'code sent (320 px)')
  })

  test('dark mode follows the system, passes axe, and the toggle pins it across reloads', async () => {
    const page = await h.usePage({ colorScheme: 'dark' })
    const { demo } = h
    const to = freshPhone('UG')
    await openDemo(page, demo)
    expect(await backgroundLuminance(page)).toBeLessThan(0.05)
    const toggle = page.getByRole('button', { name: 'Dark mode' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await expectNoAxeViolations(page, 'address (dark)')

    await sendCode(page, { name: 'Apio Grace', to })
    await waitForMessage(demo, to)
    await page.getByRole('article', { name: 'Text message' }).waitFor()
    await expectNoAxeViolations(page, 'code sent (dark)')
    await screenshot(page, '09-dark-code-sent')

    // Pinned light on a dark system, and still light after a reload.
    await toggle.click()
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8)
    await page.reload()
    await page.getByRole('button', { name: 'Dark mode' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8)
  })

  test('the toggle turns a light page dark', async () => {
    const { page, demo } = h
    await openDemo(page, demo)
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8)
    await page.getByRole('button', { name: 'Dark mode' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(await backgroundLuminance(page)).toBeLessThan(0.05)
    await expectNoAxeViolations(page, 'address (dark, toggled)')
    await screenshot(page, '09-dark-address')
  })
})
