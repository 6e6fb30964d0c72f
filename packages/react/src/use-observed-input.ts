import { useCallback, useEffect, useInsertionEffect, useRef, type Ref, type RefCallback } from 'react'
import { assignRef } from './assign-ref'
import { observeInput } from './observe-input'

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
