import { normalizeCode } from '@hakiki/core'

/** The slice of the Credential Management API WebOTP adds; not yet in TypeScript's DOM types. */
interface OtpCredentialsContainer {
  get(options: { otp: { transport: string[] }; signal: AbortSignal }): Promise<{ code?: string } | null>
}

/** Whether the browser has WebOTP (Chrome on Android); false on the server. */
export function hasWebOTP(): boolean {
  return typeof window !== 'undefined' && 'OTPCredential' in window && typeof navigator.credentials?.get === 'function'
}

/**
 * Asks the browser for the code of an SMS bound to this origin (`navigator.credentials.get({ otp })`)
 * where it has WebOTP, and gives it to `onCode` normalized to `length` ASCII digits. Returns the
 * function that aborts the wait (a cleanup for an effect). Shared by `useWebOTP` and
 * `useCodeInput`, which needs no `isSupported` and so no store of its own.
 */
export function listenWebOTP(length: number, onCode: (code: string) => void): () => void {
  if (!hasWebOTP()) return () => undefined
  const controller = new AbortController()
  ;(navigator.credentials as unknown as OtpCredentialsContainer)
    .get({ otp: { transport: ['sms'] }, signal: controller.signal })
    .then((credential) => {
      const code = normalizeCode(credential?.code ?? '', length)
      if (code && !controller.signal.aborted) onCode(code)
    })
    // AbortError on unmount, NotAllowedError when the user declines the prompt: both just end the wait.
    .catch(() => undefined)
  return () => controller.abort()
}
