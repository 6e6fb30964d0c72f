import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { setupDemoHarness } from './support/demo-harness'
import { anotherWindowTakesFocus, openDemo } from './support/flow-actions'

// A user who switches to another window or app while typing an address (to look the number up,
// to copy the e-mail address) has not left the field: it must not say the half-typed address is
// wrong. In Firefox another page of the browser takes the focus as another window would, blurring
// the field; in Chromium the page keeps it, so there these tests only show that nothing else goes
// wrong. Leaving the field within the page still shows the message.

/** The user comes back to the page: its window is activated and has the focus again. */
async function backToThePage(page: Page): Promise<void> {
  await page.bringToFront()
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(true)
}

/**
 * Types `text` into `field`, lets another window take the focus, and checks that the half-typed
 * address is not called wrong; then, back on the page, leaving the field for another one of the
 * page does call it wrong.
 */
async function expectHalfTypedNotWrongWhileAway(h: ReturnType<typeof setupDemoHarness>, field: Locator, text: string): Promise<void> {
  const { page } = h
  await field.click()
  await page.keyboard.type(text)
  h.otherWindowTakesFocus()
  await anotherWindowTakesFocus(page)
  expect(await field.getAttribute('aria-invalid')).toBeNull()
  await backToThePage(page)
  await page.getByRole('textbox', { name: 'Full name' }).click()
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
}

describe('another window takes the focus while an address is half typed', () => {
  const h = setupDemoHarness()

  test('the phone number is not called too short, until the field is left in the page', async () => {
    await openDemo(h.page, h.demo)
    await expectHalfTypedNotWrongWhileAway(h, h.page.getByRole('textbox', { name: 'Phone number' }), '024 12')
  })

  test('the e-mail address is not called invalid, until the field is left in the page', async () => {
    await openDemo(h.page, h.demo)
    await h.page.getByRole('radio', { name: 'Email' }).check()
    await expectHalfTypedNotWrongWhileAway(h, h.page.getByRole('textbox', { name: 'Email address' }), 'ama@exa')
  })
})
