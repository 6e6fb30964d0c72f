import { useEffect, useRef, useSyncExternalStore } from 'react'
import { hasWebOTP, listenWebOTP } from './listen-web-otp'

/** Options of {@link useWebOTP}. */
export interface UseWebOTPOptions {
  /** Called with the code, normalized to ASCII digits, when the browser reads it from the SMS. */
  onCode: (code: string) => void
  /** Digits of the code; default 6. */
  length?: number
  /** Listen only while true (e.g. while the code screen shows); default true. */
  enabled?: boolean
}

/** Result of {@link useWebOTP}. */
export interface UseWebOTPResult {
  /** Whether the browser has WebOTP; `undefined` during SSR and hydration, where it cannot be known. */
  isSupported: boolean | undefined
}

/**
 * Reads the code from the SMS with the WebOTP API (`navigator.credentials.get({ otp })`, Chrome on
 * Android) where the browser supports it: the SMS must end with `@your.domain #123456`, which the
 * proxy's messages do. The request is aborted when the component unmounts or `enabled` turns false.
 * Where WebOTP is missing nothing happens; iOS fills the code through `autocomplete="one-time-code"`.
 */
export function useWebOTP({ onCode, length = 6, enabled = true }: UseWebOTPOptions): UseWebOTPResult {
  const isSupported = useSyncExternalStore(subscribeNever, hasWebOTP, unknownOnServer)
  const latest = useRef(onCode)
  useEffect(() => {
    latest.current = onCode
  })

  useEffect(() => (enabled ? listenWebOTP(length, (code) => latest.current(code)) : undefined), [enabled, length])

  return { isSupported }
}

/** Support never changes during a page's life: nothing to subscribe to. */
function subscribeNever(): () => void {
  return () => undefined
}

function unknownOnServer(): undefined {
  return undefined
}
