import './styles.css'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { CodeInput } from './code-input'

// Password managers draw a badge inside the end of a field they want to fill; CodeInput's input
// spans every box, so the badge covers the last one. As input-otp's `pushPasswordManagerStrategy`
// does, the input grows past the boxes when a badge is found and there is room, so that the
// badge (drawn ~18 px inside the input's end) sits beside the last box.

afterEach(() => {
  document.querySelectorAll('[data-test-badge]').forEach((badge) => badge.remove())
})

/** A badge over the input's end, the way managers draw one: fixed, on top, inside the field's end. */
function drawBadge(input: HTMLElement, tag = 'div'): HTMLElement {
  const r = input.getBoundingClientRect()
  const badge = document.createElement(tag)
  badge.setAttribute('data-test-badge', '')
  Object.assign(badge.style, { position: 'fixed', left: `${r.right - 30}px`, top: `${r.top + r.height / 2 - 12}px`, width: '24px', height: '24px', zIndex: '2147483646', background: 'red' })
  document.body.append(badge)
  return badge
}

function setup(wrapperStyle: Record<string, string> = {}) {
  const view = render(
    <div style={{ padding: 16, ...wrapperStyle }}>
      <CodeInput />
    </div>,
  )
  const input = view.getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement
  const lastSlot = () => [...view.container.querySelectorAll('[data-part="slot"]')].at(-1)?.getBoundingClientRect().right ?? 0
  return { view, input, lastSlot }
}

describe('CodeInput: a password manager\'s badge', () => {
  test('a badge over the last box (something covers the field\'s end): the input grows 40 px past the boxes, and typing still fills them', async () => {
    const { view, input, lastSlot } = setup()
    const before = input.getBoundingClientRect().right
    expect(before).toBeCloseTo(lastSlot(), 0)
    drawBadge(input)
    await userEvent.click(input)
    await expect.poll(() => input.getAttribute('data-badge')).toBe('pushed')
    const after = input.getBoundingClientRect()
    expect(after.right - lastSlot()).toBeGreaterThanOrEqual(40)
    // A manager anchors its badge ~18 px inside the input's end: now beside the last box, not on it.
    expect(after.right - 18).toBeGreaterThan(lastSlot())
    // The growth is clipped away: a tap there reaches the badge's place, not the input.
    expect(document.elementFromPoint(after.right - 5, after.top + after.height / 2)).not.toBe(input)
    expect(document.elementFromPoint(lastSlot() - 5, after.top + after.height / 2)).toBe(input)
    await userEvent.keyboard('123456')
    expect(input.value).toBe('123456')
    expect([...view.container.querySelectorAll('[data-part="slot"]')].map((s) => s.textContent).join('')).toBe('123456')
  })

  test('a known manager\'s element in the page (1Password\'s) is enough; with no room past the field (a clipping parent), the input stays', async () => {
    const { input } = setup({ overflow: 'hidden', width: 'fit-content', padding: '0' })
    drawBadge(input, 'com-1password-button')
    const right = input.getBoundingClientRect().right
    await userEvent.click(input)
    await expect.poll(() => input.getAttribute('data-badge')).toBe('unpushed')
    expect(input.getBoundingClientRect().right).toBe(right)
  })

  test('no badge, no change; passwordManagerBadge="none" leaves a badge where it is', async () => {
    const plain = setup()
    await userEvent.click(plain.input)
    // The first check runs as focus arrives: a field with a badge beside this one is pushed by then.
    const other = render(<CodeInput label="Other" />)
    const otherInput = other.getByRole('textbox', { name: 'Other' }) as HTMLInputElement
    const none = render(<CodeInput label="None" passwordManagerBadge="none" />)
    const noneInput = none.getByRole('textbox', { name: 'None' }) as HTMLInputElement
    drawBadge(noneInput)
    await userEvent.click(noneInput)
    drawBadge(otherInput)
    await userEvent.click(otherInput)
    await expect.poll(() => otherInput.getAttribute('data-badge')).toBe('pushed')
    expect(noneInput.hasAttribute('data-badge')).toBe(false)
    expect(plain.input.hasAttribute('data-badge')).toBe(false)
  })
})
