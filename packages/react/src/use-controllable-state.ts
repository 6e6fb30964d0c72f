import { useCallback, useRef, useState } from 'react'
import { useIsoLayoutEffect } from './use-iso-layout-effect'
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
 * What the setter of {@link useControllableState} takes: the new value, or a function of the
 * current one (as React's `setState` takes; so `T` itself cannot be a function).
 */
export type ControllableUpdate<T> = T | ((current: T) => T)

/**
 * A value that is either the caller's (`value` given: controlled) or the component's own
 * (`defaultValue`: uncontrolled), with one setter for both: it stores the value only when
 * uncontrolled and always tells `onChange`, with any details passed after the value. The one
 * place the kit decides controlled versus uncontrolled (Radix's and React Aria's hook of the same
 * name have this shape). Returns `[value, setValue, isControlled]`.
 *
 * The setter also takes a function of the current value. Updates chain within one event: when a
 * form library writes each radio of a group in turn (`checked = false`, then `true` on another),
 * each function sees the value the one before it set, before React renders.
 */
export function useControllableState<T, A extends unknown[] = []>(
  options: UseControllableStateOptions<T, A>,
): [T, (next: ControllableUpdate<T>, ...details: A) => void, boolean] {
  const [inner, setInner] = useState(options.defaultValue)
  const controlled = options.value !== undefined
  const value = controlled ? (options.value as T) : inner
  const latest = useLatestRef({ controlled, onChange: options.onChange })
  /** The value as last rendered, or as last set by an uncontrolled setter since (updates chain on it). */
  const current = useRef(value)
  useIsoLayoutEffect(() => {
    current.current = value
  })
  const set = useCallback(
    (next: ControllableUpdate<T>, ...details: A): void => {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(current.current) : next
      if (!latest.current.controlled) {
        current.current = resolved
        setInner(() => resolved)
      }
      latest.current.onChange?.(resolved, ...details)
    },
    [latest],
  )
  return [value, set, controlled]
}
