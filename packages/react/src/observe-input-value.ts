import { useCallback, useEffect, useRef } from 'react'

/**
 * Lets a component whose shown value is derived (a normalized code, a formatted phone number)
 * honour writes that bypass React: `input.value = x` from form libraries (react-hook-form's
 * `setValue` and `reset` on a `register`ed field) and the reset of the enclosing `<form>`.
 *
 * Why not a MutationObserver: property writes change no attribute, so nothing would be observed.
 * Why not polling: it costs every frame and still misses the first paint. Wrapping the `value`
 * setter of this one element (React itself wraps it the same way to track values) sees every write
 * synchronously; the wrapper chains to the previous setter, so React's tracking keeps working.
 *
 * @param input The element to observe.
 * @param accept Called with every value written to the element; returns what the element should
 *   show instead (e.g. the normalized code). Writes of the value already shown (React's own
 *   re-renders) come through here too: compare and ignore them.
 * @param onFormReset Called when the element's form is reset, before the browser restores values;
 *   returns the value the element should show after the reset.
 * @returns A function that removes the wrapper and the reset listener.
 */
export function observeInputValue(
  input: HTMLInputElement,
  accept: (value: string) => string,
  onFormReset: () => string | undefined,
): () => void {
  const own = Object.getOwnPropertyDescriptor(input, 'value')
  const base = own ?? Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')
  const get = base?.get
  const set = base?.set
  if (!get || !set) return () => {}

  Object.defineProperty(input, 'value', {
    configurable: true,
    enumerable: base.enumerable ?? true,
    get() {
      return get.call(this) as string
    },
    set(value: unknown) {
      set.call(this, accept(String(value ?? '')))
    },
  })

  // `reset` fires on the form before it restores its controls to their default value (the
  // `value` attribute), so pointing the attribute at the value to restore makes the browser do it.
  const doc = input.ownerDocument
  const handleReset = (event: Event): void => {
    if (event.target !== input.form) return
    const next = onFormReset()
    if (next !== undefined) input.defaultValue = next
  }
  doc.addEventListener('reset', handleReset, true)

  return () => {
    doc.removeEventListener('reset', handleReset, true)
    if (own) Object.defineProperty(input, 'value', own)
    else Reflect.deleteProperty(input, 'value')
  }
}

/**
 * {@link observeInputValue} for a component: returns a function to call from the input's ref
 * callback. The wrapper must be in place when the ref is attached, not in a later effect: form
 * libraries write their default value from their own ref callback, in the same commit.
 * `accept` and `onFormReset` must be stable (read changing values through refs).
 */
export function useObservedInput(
  accept: (value: string) => string,
  onFormReset: () => string | undefined,
): (input: HTMLInputElement | null) => void {
  const element = useRef<HTMLInputElement | null>(null)
  const observed = useRef<{ input: HTMLInputElement; stop: () => void } | undefined>(undefined)
  const observe = useCallback(
    (input: HTMLInputElement | null): void => {
      // Detaching (null) is ignored: a new ref callback each render detaches and re-attaches the
      // same element; the wrapper goes when the element changes or the component unmounts.
      if (!input || observed.current?.input === input) return
      observed.current?.stop()
      element.current = input
      observed.current = { input, stop: observeInputValue(input, accept, onFormReset) }
    },
    [accept, onFormReset],
  )
  useEffect(() => {
    // A no-op after mount; after a Strict Mode simulated unmount it puts the wrapper back.
    observe(element.current)
    return () => {
      observed.current?.stop()
      observed.current = undefined
    }
  }, [observe])
  return observe
}
