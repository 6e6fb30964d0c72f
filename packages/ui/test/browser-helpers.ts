import axe from 'axe-core'

/** Sets an input's value the way the browser does (not through React's tracker) and fires `input`:
 * how iOS Safari's SMS autofill and Android keyboards deliver a whole code, with no `paste` event. */
export function fireNativeInput(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Dispatches a `paste` carrying `text` as the clipboard's plain text, as a paste from the menu does. */
export function firePaste(target: Element, text: string): boolean {
  const data = new DataTransfer()
  data.setData('text/plain', text)
  return target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
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
