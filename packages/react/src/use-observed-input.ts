import { useCallback, useEffect, useInsertionEffect, useRef, type Ref, type RefCallback } from 'react'
import { assignRef } from './assign-ref'

/**
 * A property of an `<input>` that form libraries write behind React's back: `value` (text fields)
 * or `checked` (radios and checkboxes).
 */
export type ObservedInputProperty = 'value' | 'checked'

/** What an observed property holds: a string for `value`, a boolean for `checked`. */
export type ObservedInputValue<P extends ObservedInputProperty> = P extends 'checked' ? boolean : string

/** Options of {@link useObservedInput}. */
export interface UseObservedInputOptions<P extends ObservedInputProperty = 'value'> {
  /** The property to observe. @default 'value' */
  property?: P
  /**
   * Called with every value written to the property, before it is stored; returns what to store
   * instead (e.g. the normalized code), or the value itself. Writes of the value already shown
   * (React's own re-renders of a controlled field) come through here too: compare and ignore them.
   * Without it, writes are stored as they are.
   */
  accept?: (value: ObservedInputValue<P>, input: HTMLInputElement) => ObservedInputValue<P>
  /**
   * Called when the element's form is reset, before the browser restores its controls to their
   * defaults; returns the value the element should get back (it becomes its `defaultValue` /
   * `defaultChecked`), or `undefined` to let the browser restore the default it has.
   */
  onFormReset?: (input: HTMLInputElement) => ObservedInputValue<P> | undefined
  /** A ref to hand the element on to, e.g. the one a `forwardRef` component receives. */
  ref?: Ref<HTMLInputElement> | undefined
}

/**
 * Lets a component whose state is derived from its `<input>` (a normalized code, a formatted
 * phone number, the `data-state` of an e-mail field or of a radio group) see writes that bypass
 * React: `input.value = x` / `radio.checked = true` from form libraries (react-hook-form's
 * `setValue` and `reset` on a `register`ed field) and the reset of the enclosing `<form>`.
 * Returns the ref callback to put on the `<input>` (it forwards the element to `options.ref`).
 *
 * The observer is in place as soon as the element is attached, not in a later effect: form
 * libraries write their default value from their own ref callback, in the same commit. The
 * callbacks may change on every render; the latest ones are called.
 *
 * ```tsx
 * const [text, setText] = useState('')
 * const inputRef = useObservedInput({ ref: forwardedRef, accept: (value) => (setText(value), value) })
 * return <input ref={inputRef} data-state={text ? 'filled' : 'empty'} />
 * ```
 */
export function useObservedInput<P extends ObservedInputProperty = 'value'>(options: UseObservedInputOptions<P> = {}): RefCallback<HTMLInputElement> {
  const { property = 'value', ref } = options
  // The latest callbacks, swapped in before any ref of the commit is attached (insertion effects
  // run first), so that a write from a form library's ref callback meets this render's callbacks.
  const latest = useRef(options)
  useInsertionEffect(() => {
    latest.current = options
  })
  const element = useRef<HTMLInputElement | null>(null)
  const observed = useRef<{ input: HTMLInputElement; property: ObservedInputProperty; stop: () => void } | undefined>(undefined)
  const observe = useCallback(
    (input: HTMLInputElement | null): void => {
      // Detaching (null) is ignored: a new ref callback each render detaches and re-attaches the
      // same element; the observer goes when the element changes or the component unmounts.
      if (!input || (observed.current?.input === input && observed.current.property === property)) return
      observed.current?.stop()
      element.current = input
      observed.current = {
        input,
        property,
        stop: observeInput(
          input,
          property,
          (value) => latest.current.accept?.(value as never, input) ?? value,
          () => latest.current.onFormReset?.(input),
        ),
      }
    },
    [property],
  )
  useEffect(() => {
    // A no-op after mount; after a Strict Mode simulated unmount it puts the observer back.
    observe(element.current)
    return () => {
      observed.current?.stop()
      observed.current = undefined
    }
  }, [observe])
  return useCallback(
    (input: HTMLInputElement | null): void => {
      observe(input)
      assignRef(ref, input)
    },
    [observe, ref],
  )
}

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
function observeInput(
  input: HTMLInputElement,
  property: ObservedInputProperty,
  accept: (value: string | boolean) => string | boolean,
  onFormReset: () => string | boolean | undefined,
): () => void {
  const own = Object.getOwnPropertyDescriptor(input, property)
  const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, property)
  const base = own ?? native
  const get = base?.get
  const set = base?.set
  if (!get || !set) return () => {}
  // What the DOM itself would make of the value: `input.value = null` stores '', `checked = 'no'` is true.
  const coerce = property === 'checked' ? (value: unknown) => Boolean(value) : (value: unknown) => String(value ?? '')

  // A script that writes `value` and then fires `input` (autofill scripts, Playwright's Firefox for
  // a character no key makes) edits like a user, but the write also reached React's value tracker
  // (the setter this one chains to), so React saw no change in the `input` event and reported none.
  // When the element still holds what was last written through the property, the value from
  // before that write is put back in the tracker just before React reads it (this element's
  // listener runs before React's, which is on the root); the element keeps its text and selection.
  let written: { before: string; after: string } | undefined
  Object.defineProperty(input, property, {
    configurable: true,
    enumerable: base.enumerable ?? true,
    get() {
      return get.call(this) as unknown
    },
    set(value: unknown) {
      const old = get.call(this) as string | boolean
      const next = accept(coerce(value))
      if (property === 'value' && next !== old) written = { before: written?.before ?? (old as string), after: next as string }
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
    if (event.target !== input.form) return
    const next = onFormReset()
    if (next === undefined) return
    if (property === 'checked') input.defaultChecked = Boolean(next)
    else input.defaultValue = String(next)
  }
  doc.addEventListener('reset', handleReset, true)

  return () => {
    doc.removeEventListener('reset', handleReset, true)
    input.removeEventListener('input', handleInput, true)
    if (own) Object.defineProperty(input, property, own)
    else Reflect.deleteProperty(input, property)
  }
}
