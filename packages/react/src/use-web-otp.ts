import { normalizeCode } from '@hakiki/core'
import { useEffect, useRef, useSyncExternalStore } from 'react'

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

/** The slice of the Credential Management API WebOTP adds; not yet in TypeScript's DOM types. */
interface OtpCredentialsContainer {
  get(options: { otp: { transport: string[] }; signal: AbortSignal }): Promise<{ code?: string } | null>
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

  useEffect(() => {
    if (!enabled || !hasWebOTP()) return
    const controller = new AbortController()
    const credentials = navigator.credentials as unknown as OtpCredentialsContainer
    credentials
      .get({ otp: { transport: ['sms'] }, signal: controller.signal })
      .then((credential) => {
        const code = normalizeCode(credential?.code ?? '', length)
        if (code && !controller.signal.aborted) latest.current(code)
      })
      // AbortError on unmount, NotAllowedError when the user declines the prompt: both just end the wait.
      .catch(() => undefined)
    return () => controller.abort()
  }, [enabled, length])

  return { isSupported }
}

/** Support never changes during a page's life: nothing to subscribe to. */
function subscribeNever(): () => void {
  return () => undefined
}

function hasWebOTP(): boolean {
  return typeof window !== 'undefined' && 'OTPCredential' in window && typeof navigator.credentials?.get === 'function'
}

function unknownOnServer(): undefined {
  return undefined
}
