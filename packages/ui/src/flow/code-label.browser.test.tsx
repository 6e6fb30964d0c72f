import '../styles.css'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { render } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { VerificationFlow } from '../verification-flow'

afterEach(async () => {
  await page.viewport(800, 600)
})

/** Where the text of `element` is drawn (not its block's box). */
function textBox(element: Element): DOMRect {
  const range = document.createRange()
  range.selectNodeContents(element)
  return range.getBoundingClientRect()
}

/**
 * WCAG 2.5.3 (Label in Name): a speech-input user says what they see to reach a field. The code
 * field's label is shown, at 320 px in a card as an app puts it, left to right and right to left:
 * above the boxes, where the boxes start, inside the card, and the field's name is those words.
 */
test.each([
  ['en', 'Verification code', 'ltr'],
  ['ar', 'رمز التحقق', 'rtl'],
] as const)('%s: the code field has a visible label, its name, above the boxes at 320 px', async (locale, label, dir) => {
  await page.viewport(320, 800)
  const view = render(
    <div style={{ padding: 24 }}>
      <VerificationFlow adapter={createMemoryAdapter({ fixedCode: '123456' })} locale={locale} defaultCountry="GH" />
    </div>,
  )
  const root = view.container.querySelector('.hakiki-flow') as HTMLElement
  // The locale's words load on demand.
  await expect.poll(() => root.getAttribute('dir')).toBe(dir)
  await userEvent.type(view.container.querySelector('.hakiki-phone input[data-part="input"]') as HTMLInputElement, '0241234567{Enter}')
  await expect.poll(() => root.getAttribute('data-step')).toBe('code')
  await expect.poll(() => root.querySelector('[data-leaving]')).toBeNull()
  const shown = root.querySelector('.hakiki-code [data-part="label"]') as HTMLElement
  expect(shown?.textContent).toBe(label)
  expect(root.querySelector('.hakiki-code [data-part="sr-only"]')?.textContent).not.toBe(label)
  expect(view.getByRole('textbox', { name: label })).toBe(root.querySelector('.hakiki-code input'))
  const text = textBox(shown)
  const slots = (root.querySelector('.hakiki-code [data-part="slots"]') as HTMLElement).getBoundingClientRect()
  const card = (view.container.firstElementChild as HTMLElement).getBoundingClientRect()
  expect(text.width).toBeGreaterThan(0)
  // Above the boxes and close to them (not parted by the step's gap), starting where they start.
  expect(text.bottom).toBeLessThanOrEqual(slots.top)
  expect(slots.top - text.bottom).toBeLessThan(16)
  const start = (r: DOMRect) => (dir === 'ltr' ? r.left : r.right)
  expect(Math.abs(start(text) - start(slots))).toBeLessThan(2)
  // Inside the card; the page does not scroll sideways.
  expect(text.left).toBeGreaterThanOrEqual(card.left + 24 - 1)
  expect(text.right).toBeLessThanOrEqual(card.right - 24 + 1)
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320)
})
