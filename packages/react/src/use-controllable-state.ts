import { useCallback, useState } from 'react'
import { useLatestRef } from './use-latest-ref'

/** Options of {@link useControllableState}. */
export interface UseControllableStateOptions<T, A extends unknown[] = []> {
  /** The value of a controlled component; `undefined` leaves the component uncontrolled. */
  value: T | undefined
  /** The value an uncontrolled component starts with. */
  defaultValue: T | (() => T)
  /** Called with every value set (and any details the setter was given), controlled or not. */
  onChange?: ((value: T, ...details: A) => void) | undefined
}

/**
 * A value that is either the caller's (`value` given: controlled) or the component's own
 * (`defaultValue`: uncontrolled), with one setter for both: it stores the value only when
 * uncontrolled and always tells `onChange`, with any details passed after the value. The one
 * place the kit decides controlled versus uncontrolled (Radix's and React Aria's hook of the same
 * name have this shape). Returns `[value, setValue, isControlled]`.
 */
export function useControllableState<T, A extends unknown[] = []>(options: UseControllableStateOptions<T, A>): [T, (next: T, ...details: A) => void, boolean] {
  const [inner, setInner] = useState(options.defaultValue)
  const controlled = options.value !== undefined
  const latest = useLatestRef({ controlled, onChange: options.onChange })
  const set = useCallback(
    (next: T, ...details: A): void => {
      if (!latest.current.controlled) setInner(() => next)
      latest.current.onChange?.(next, ...details)
    },
    [latest],
  )
  return [controlled ? (options.value as T) : inner, set, controlled]
}
