import type { Ref } from 'react'

/** Writes `ref` whatever its kind: a callback ref is called, an object ref gets `.current`. */
export function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}
