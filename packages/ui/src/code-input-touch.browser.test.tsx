import './styles.css'
import { render } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { commands, userEvent } from 'vitest/browser'
import { pasteFromClipboard } from '../test/browser-helpers'
import { skipIn } from '../test/engine'
import { CodeInput } from './code-input'

// Touch as a phone's user makes it: a finger tapping a box, a finger held on the field (what opens
// the paste menu). Real touch input where the engine can be given one (the `touch` command:
// Chromium's touch emulation over CDP); the autofill guide says what the other engines cannot emulate.
const NO_TOUCH =
  "no touch input: Playwright's WebDriver BiDi touchscreen is empty (Firefox); WebKitGTK's WebDriver turns a touch pointer's actions into mouse events (WebKit)"

function setup() {
  const onComplete = vi.fn<(code: string) => void>()
  const view = render(<CodeInput onComplete={onComplete} />)
  const input = view.getByRole('textbox') as HTMLInputElement
  const slots = () => [...view.container.querySelectorAll<HTMLElement>('[data-part="slot"]')]
  const activeSlot = () => slots().findIndex((s) => s.hasAttribute('data-active'))
  /** The centre of box `index`, in the frame's coordinates. */
  const centreOf = (index: number) => {
    const rect = slots()[index]?.getBoundingClientRect()
    if (!rect) throw new Error(`no box ${index}`)
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
  }
  return { ...view, input, slots, activeSlot, centreOf, onComplete }
}

describe.skipIf(skipIn(['firefox', 'webkit'], NO_TOUCH))('CodeInput: touch', () => {
  test('a tap on a box puts the caret on it: the next digit replaces that one', async () => {
    const { input, activeSlot, centreOf } = setup()
    await userEvent.type(input, '1234')
    expect(activeSlot()).toBe(4)
    const { x, y } = centreOf(1)
    const events = await commands.touch('tap', x, y)
    // A touch, not a mouse: the engine's touch and pointer events, then the click a tap makes.
    expect(events).toEqual(expect.arrayContaining(['pointerdown:touch', 'touchstart', 'touchend', 'click:touch']))
    expect(document.activeElement).toBe(input)
    await expect.poll(activeSlot).toBe(1)
    await userEvent.keyboard('7')
    expect(input.value).toBe('1734')
  })

  test('a tap on a later empty box of a partly typed code goes on from the first empty one', async () => {
    const { input, activeSlot, centreOf } = setup()
    await userEvent.type(input, '12')
    const { x, y } = centreOf(5)
    await commands.touch('tap', x, y)
    await expect.poll(activeSlot).toBe(2)
    await userEvent.keyboard('3')
    expect(input.value).toBe('123')
  })

  test('a finger held on the field, then Paste from its menu, fills every box and completes once', async () => {
    const { input, activeSlot, centreOf, onComplete } = setup()
    await userEvent.type(input, '98')
    const { x, y } = centreOf(1)
    // Held 1 s on the second box, as a phone's user does for the paste menu. (Headless Chromium
    // makes no long-press gesture of it: the touch ends as a tap, see the `touch` command; the menu
    // itself is the system's.)
    const events = await commands.touch('long-press', x, y)
    expect(events).toEqual(expect.arrayContaining(['pointerdown:touch', 'touchstart', 'pointerup:touch', 'touchend']))
    // The touch changed nothing the user typed, and left the caret on the box under the finger.
    expect(input.value).toBe('98')
    await expect.poll(activeSlot).toBe(1)
    // The menu's Paste is the browser's own paste: a trusted `paste` carrying the clipboard, as
    // Ctrl+V makes it here. The whole code replaces what was typed, wherever the caret was.
    await pasteFromClipboard(input, '481516')
    await expect.poll(() => input.value).toBe('481516')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('481516')
  })
})
