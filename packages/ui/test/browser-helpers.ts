import axe from 'axe-core'
import { userEvent } from 'vitest/browser'

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
