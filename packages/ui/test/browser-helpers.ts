import axe from 'axe-core'
import { commands, page, userEvent } from 'vitest/browser'
import { engine } from './engine'

/** Sets an input's value the way the browser does (not through React's tracker) and fires `input`:
 * how iOS Safari's SMS autofill and Android keyboards deliver a whole code, with no `paste` event. */
export function fireNativeInput(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * A real paste: puts `text` on the clipboard by copying it from a scratch textarea with the
 * keyboard (Ctrl/Cmd+C), focuses `target` and pastes with Ctrl/Cmd+V. The browser then fires a
 * trusted `paste` event, as when a user pastes.
 */
export async function pasteFromClipboard(target: HTMLElement, text: string): Promise<void> {
  const scratch = document.createElement('textarea')
  scratch.value = text
  document.body.append(scratch)
  scratch.focus()
  scratch.select()
  await userEvent.copy()
  scratch.remove()
  target.focus()
  await userEvent.paste()
}

/** Dispatches a `paste` carrying `text` as the clipboard's plain text, as a paste from the menu does. */
export function firePaste(target: Element, text: string): boolean {
  const data = new DataTransfer()
  data.setData('text/plain', text)
  const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
  // Firefox drops the data of a ClipboardEvent made by script (its `clipboardData` reads empty): the
  // event carries the data itself, so the test means the same in every engine.
  Object.defineProperty(event, 'clipboardData', { value: data })
  return target.dispatchEvent(event)
}

/**
 * Types each of `pieces` through an input method (a Japanese or Chinese IME in full-width mode):
 * each piece composed, then committed, into the focused `input`.
 *
 * Chromium: its own IME bridge over CDP (`imeType`: Input.imeSetComposition, Input.insertText).
 * Firefox and WebKit: neither WebDriver BiDi nor classic WebDriver drives an input method, so the
 * page gets the composition events an IME sends (compositionstart, compositionupdate,
 * compositionend) around the engine's own insertion of the text (`execCommand('insertText')`, which
 * fires the engine's beforeinput and input and edits the value as typing does). What this checks
 * there is the component's reading of that sequence, not the engine's IME.
 */
export async function typeThroughIme(input: HTMLInputElement, pieces: string[]): Promise<void> {
  if (engine === 'chromium') return commands.imeType(pieces)
  input.focus()
  for (const text of pieces) {
    input.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }))
    input.dispatchEvent(new CompositionEvent('compositionupdate', { bubbles: true, data: text }))
    // Deprecated but the one way a page makes the engine insert text itself (no replacement exists).
    document.execCommand('insertText', false, text)
    input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: text }))
    // An IME commits each piece in its own task, with the page's work done in between.
    await new Promise((resolve) => setTimeout(resolve))
  }
}

/**
 * `userEvent.click` options for a click at (`x`, `y`) from `element`'s top-left corner, as each
 * engine's driver takes them: Playwright a `position` from the corner; webdriverio (WebKit here)
 * `x`/`y` from the element's centre (it ignores `position` and clicks the centre).
 */
export function clickAt(element: Element, x: number, y: number): Record<string, unknown> {
  if (engine !== 'webkit') return { position: { x, y } }
  const rect = element.getBoundingClientRect()
  return { x: Math.round(x - rect.width / 2), y: Math.round(y - rect.height / 2) }
}

/**
 * Empties `input` with Backspace, as a user does, keeping the focus in it for the keys typed next.
 * Not `userEvent.clear`: WebDriver's Element Clear (WebKit here) blurs the field, by its spec, so
 * keys typed after it reached nothing.
 */
export async function clearByKeyboard(input: HTMLInputElement): Promise<void> {
  input.focus()
  input.setSelectionRange(input.value.length, input.value.length)
  await userEvent.keyboard('{Backspace}'.repeat(input.value.length))
}

/**
 * Empties `input` the way a test tool's `fill('')` does. webdriverio sends `fill('')` as WebDriver
 * "Element Send Keys" with no text, which WebKitWebDriver refuses ("Missing text parameter"); its
 * "Element Clear" (`userEvent.clear`) is the same edit there.
 */
export function fillEmpty(input: HTMLInputElement): Promise<void> {
  return engine === 'webkit' ? userEvent.clear(input) : userEvent.fill(input, '')
}

/** Runs axe on `root` and returns its violations, described well enough to fix from a test log. */
export async function axeViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { resultTypes: ['violations'] })
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

/** Every resource the page loaded from another origin than its own. */
export function foreignRequests(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url, location.href).origin !== location.origin)
}

/** Waits for React to flush work scheduled in microtasks and the next frame. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()))
}

/**
 * The pixels of `element` as the engine drew them (a screenshot, decoded). In WebKit the page's
 * screenshot is cropped to the element's box: WebKitWebDriver's element screenshot of an element
 * inside a frame (every test runs in Vitest's frame) comes back black.
 */
export async function screenshotPixels(element: HTMLElement): Promise<ImageData> {
  const whole = engine === 'webkit'
  const base64 = await page.screenshot(whole ? { save: false } : { element, save: false })
  const image = new Image()
  image.src = `data:image/png;base64,${base64}`
  await image.decode()
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2d context')
  if (!whole) {
    canvas.width = image.width
    canvas.height = image.height
    context.drawImage(image, 0, 0)
    return context.getImageData(0, 0, image.width, image.height)
  }
  // The screenshot is of the window; the test frame sits in it at its own offset.
  const frame = window.frameElement?.getBoundingClientRect() ?? { left: 0, top: 0 }
  const box = element.getBoundingClientRect()
  const scale = image.width / (window.parent === window ? innerWidth : window.parent.innerWidth)
  const [x, y, width, height] = [(frame.left + box.left) * scale, (frame.top + box.top) * scale, box.width * scale, box.height * scale].map(Math.round) as [number, number, number, number]
  canvas.width = width
  canvas.height = height
  context.drawImage(image, x, y, width, height, 0, 0, width, height)
  return context.getImageData(0, 0, width, height)
}

/**
 * What a screen reader hears from a live region, the way it hears it: a node is read when it is
 * added, never when it stays or is taken out; a text changed inside a node would be read again (so
 * the flow's tests expect `changed` to stay empty).
 */
export function listen(region: Element): { heard: string[]; changed: string[]; stop: () => void } {
  const heard: string[] = []
  const changed: string[] = []
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') changed.push(record.target.textContent ?? '')
      for (const node of record.addedNodes) (record.target === region ? heard : changed).push(node.textContent ?? '')
    }
  })
  observer.observe(region, { childList: true, subtree: true, characterData: true })
  return { heard, changed, stop: () => observer.disconnect() }
}
