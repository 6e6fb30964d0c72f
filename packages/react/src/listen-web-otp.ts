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
 * The page's newest WebOTP request. Chromium keeps one request per page: a `get` cancels the one
 * before, and an abort applies to whichever request is current, or, when none is, makes the browser
 * kill the tab ("The abort controller must be used after initiating an SMS request",
 * content/browser/sms/webotp_service.cc; seen in Yandex Browser by core-ds/core-components#2344).
 * The page learns of a cancellation only a task later, so two fields listening at once (a CodeInput
 * beside `useWebOTP`, the examples of a docs page) and unmounted together sent two aborts: Chromium
 * 156 killed the docs site's preview. So only the newest request is ever aborted: any earlier one
 * is already cancelled.
 */
let newest: AbortController | undefined

/**
 * Asks the browser for the code of an SMS bound to this origin (`navigator.credentials.get({ otp })`)
 * where it has WebOTP, and gives it to `onCode` normalized to `length` ASCII digits. Returns the
 * function that aborts the wait (a cleanup for an effect). Shared by `useWebOTP` and
 * `useCodeInput`, which needs no `isSupported` and so no store of its own. Of several listeners at
 * once, the browser serves the newest.
 */
export function listenWebOTP(length: number, onCode: (code: string) => void): () => void {
  if (!hasWebOTP()) return () => undefined
  const controller = (newest = new AbortController())
  ;(navigator.credentials as unknown as OtpCredentialsContainer)
    .get({ otp: { transport: ['sms'] }, signal: controller.signal })
    .then((credential) => {
      const code = normalizeCode(credential?.code ?? '', length)
      if (code && !controller.signal.aborted) onCode(code)
    })
    // AbortError on unmount, NotAllowedError when the user declines the prompt: both just end the wait.
    .catch(() => undefined)
  return () => {
    if (newest !== controller) return
    newest = undefined
    controller.abort()
  }
}
