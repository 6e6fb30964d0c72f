import type { ObservedInputProperty } from './use-observed-input'

/**
 * Wraps the `property` setter of this one element and listens for the reset of its form.
 *
 * Why not a MutationObserver: property writes change no attribute, so nothing would be observed.
 * Why not polling: it costs every frame and still misses the first paint. Wrapping the setter of
 * this one element (React itself wraps `value` and `checked` the same way to track them) sees every
 * write synchronously; the wrapper chains to the previous setter, so React's tracking keeps working.
 *
 * @returns A function that removes the wrapper and the reset listener.
 */
export function observeInput(
  input: HTMLInputElement,
  property: ObservedInputProperty,
  accept: (value: string | boolean) => string | boolean,
  onFormReset: () => string | boolean | undefined,
): () => void {
  const own = Object.getOwnPropertyDescriptor(input, property)
  const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, property)
  const { get, set, enumerable = true } = own ?? native ?? {}
  if (!get || !set) return () => {}
  const isValue = property === 'value'

  // A script that writes `value` and then fires `input` (autofill scripts, Playwright's Firefox for
  // a character no key makes) edits like a user, but the write also reached React's value tracker
  // (the setter this one chains to), so React saw no change in the `input` event and reported none.
  // When the element still holds what was last written through the property, the value from
  // before that write is put back in the tracker just before React reads it (this element's
  // listener runs before React's, which is on the root); the element keeps its text and selection.
  let written: { before: string; after: string } | undefined
  Object.defineProperty(input, property, {
    configurable: true,
    enumerable,
    get,
    set(value: unknown) {
      const old = get.call(this) as string
      // What the DOM itself would make of the value: `input.value = null` stores '', `checked = 'no'` is true.
      const next = accept(isValue ? String(value ?? '') : Boolean(value))
      if (isValue && next !== old) written = { before: written?.before ?? old, after: next as string }
      set.call(this, next)
    },
  })
  const handleInput = (): void => {
    const last = written
    written = undefined
    const now = get.call(input) as string
    // Typed over since the write: React's tracker already differs from the element.
    if (!last || now !== last.after) return
    const { selectionStart, selectionEnd, selectionDirection } = input
    set.call(input, last.before)
    // The element shows `now` again without passing through `accept` nor the tracker.
    native?.set?.call(input, now)
    if (selectionStart !== null) input.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined)
  }
  input.addEventListener('input', handleInput, true)

  // `reset` fires on the form before it restores its controls to their defaults (the `value` /
  // `checked` attribute), so pointing the attribute at the value to restore makes the browser do it.
  const doc = input.ownerDocument
  const handleReset = (event: Event): void => {
    const next = event.target === input.form ? onFormReset() : undefined
    if (next === undefined) return
    if (isValue) input.defaultValue = String(next)
    else input.defaultChecked = Boolean(next)
  }
  doc.addEventListener('reset', handleReset, true)

  return () => {
    doc.removeEventListener('reset', handleReset, true)
    input.removeEventListener('input', handleInput, true)
    if (own) Object.defineProperty(input, property, own)
    else Reflect.deleteProperty(input, property)
  }
}
