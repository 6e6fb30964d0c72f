import './styles.css'
// A monospace font of the test's own (never the machine's: it sets how wide a digit is).
import '@fontsource/dejavu-mono/400.css'
import { render } from '@testing-library/react'
import type { CSSProperties } from 'react'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { page } from 'vitest/browser'
import { CodeInput } from './code-input'

/**
 * A CodeInput on its own, in the parents apps put fields in. A shrink-to-fit parent is as wide as
 * its content's min-content: when each box had a fixed width, the row's min-content was the full
 * row (10 digits: 476 px) and the field overflowed a 320 px screen in every one of these.
 */
const PARENTS: [string, CSSProperties][] = [
  ['a block', {}],
  ['an inline-block', { display: 'inline-block' }],
  ['a flex row', { display: 'flex' }],
  ['a float', { float: 'left' }],
  ['an absolutely placed box', { position: 'absolute' }],
  ['an inline grid', { display: 'inline-grid' }],
  ['a fit-content box', { inlineSize: 'fit-content' }],
  ['a table cell', { display: 'table-cell' }],
]

beforeAll(async () => {
  // Unlayered, so it beats the theme's own font stack inside `@layer hakiki`.
  const style = document.createElement('style')
  style.dataset['test'] = 'font'
  style.textContent = ".hakiki { --hakiki-font-mono: 'DejaVu Mono'; }"
  document.head.append(style)
  await document.fonts.load("24px 'DejaVu Mono'", '0123456789')
  if (!document.fonts.check("24px 'DejaVu Mono'", '0123456789')) throw new Error('the test font did not load')
})

afterEach(async () => {
  await page.viewport(800, 600)
})

describe('a standalone CodeInput at 320 px', () => {
  test.each(PARENTS)('10 digits in %s: no sideways scroll, every box whole on screen, at least 24 px, its digit inside', async (_, style) => {
    await page.viewport(320, 640)
    const view = render(
      // The 16 px side padding of a typical mobile layout, around the box the parent is placed in.
      <div dir="ltr" style={{ paddingInline: 16 }}>
        <div style={{ position: 'relative' }}>
          <div style={style}>
            <CodeInput length={10} defaultValue="8888888888" />
          </div>
        </div>
      </div>,
    )
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    const slots = [...view.container.querySelectorAll<HTMLElement>('[data-part="slot"]')]
    expect(slots).toHaveLength(10)
    for (const slot of slots) {
      const box = slot.getBoundingClientRect()
      expect(box.left).toBeGreaterThanOrEqual(16 - 0.5)
      expect(box.right).toBeLessThanOrEqual(320 - 16 + 0.5)
      expect(box.width).toBeGreaterThanOrEqual(24)
      expect(slot.scrollWidth).toBeLessThanOrEqual(slot.clientWidth + 1)
    }
    // The input that takes taps still covers every box.
    const input = view.getByRole('textbox').getBoundingClientRect()
    expect(input.left).toBeLessThanOrEqual((slots[0]?.getBoundingClientRect().left ?? 0) + 0.1)
    expect(input.right).toBeGreaterThanOrEqual((slots.at(-1)?.getBoundingClientRect().right ?? Infinity) - 0.1)
  })

  test('with room, a shrink-to-fit parent still gets full-size boxes', async () => {
    await page.viewport(800, 600)
    const view = render(
      <div style={{ display: 'inline-block' }}>
        <CodeInput length={6} />
      </div>,
    )
    for (const slot of view.container.querySelectorAll('[data-part="slot"]')) expect(slot.getBoundingClientRect().width).toBeCloseTo(44, 0)
  })
})
