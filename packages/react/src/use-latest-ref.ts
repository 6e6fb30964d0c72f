import { useRef, type RefObject } from 'react'
import { useIsoLayoutEffect } from './use-iso-layout-effect'

/**
 * A ref that always holds the latest `value`, for callbacks that must read this render's props
 * without being re-created (and without re-running the effects that hold them). Updated in a
 * layout effect, so it is current before any event handler or effect of the commit runs.
 */
export function useLatestRef<T>(value: T): RefObject<T> {
  const ref = useRef(value)
  useIsoLayoutEffect(() => {
    ref.current = value
  })
  return ref
}
