import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useWebOTP } from './use-web-otp'

// jsdom has no WebOTP (Chrome on Android does, and needs a real SMS): the test installs the two
// globals the browser would have, and a `credentials.get` the test resolves by hand.
interface Pending {
  options: { otp: { transport: string[] }; signal: AbortSignal }
  resolve: (credential: { code: string } | null) => void
}
let pending: Pending[] = []
const Credential = Object.freeze({ name: 'OTPCredential' })

/** Installs the two globals of a browser with WebOTP, `credentials.get` being `get`. */
function defineWebOTP(get: (options: Pending['options']) => Promise<unknown>) {
  // Only its presence matters: `'OTPCredential' in window` is how support is detected.
  Object.defineProperty(window, 'OTPCredential', { value: Credential, configurable: true })
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } })
}

function installWebOTP() {
  defineWebOTP(
    (options) =>
      new Promise((resolve, reject) => {
        pending.push({ options, resolve })
        options.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
  )
}

afterEach(() => {
  pending = []
  Reflect.deleteProperty(window, 'OTPCredential')
  Reflect.deleteProperty(navigator, 'credentials')
})

describe('useWebOTP', () => {
  it('asks for the SMS code and hands it over normalized', async () => {
    installWebOTP()
    const codes: string[] = []
    const { result } = renderHook(() => useWebOTP({ onCode: (c) => codes.push(c), length: 6 }))
    expect(result.current.isSupported).toBe(true)
    expect(pending).toHaveLength(1)
    expect(pending[0]?.options.otp.transport).toEqual(['sms'])
    await act(async () => pending[0]?.resolve({ code: '١٢٣٤٥٦' }))
    expect(codes).toEqual(['123456'])
  })

  it('aborts the request on unmount and when disabled', () => {
    installWebOTP()
    const { rerender, unmount } = renderHook(({ enabled }) => useWebOTP({ onCode: () => undefined, enabled }), { initialProps: { enabled: true } })
    expect(pending[0]?.options.signal.aborted).toBe(false)
    rerender({ enabled: false })
    expect(pending[0]?.options.signal.aborted).toBe(true)
    rerender({ enabled: true })
    expect(pending).toHaveLength(2)
    unmount()
    expect(pending[1]?.options.signal.aborted).toBe(true)
  })

  it('does not deliver a code that arrives after unmount', async () => {
    installWebOTP()
    const codes: string[] = []
    const { unmount } = renderHook(() => useWebOTP({ onCode: (c) => codes.push(c) }))
    const request = pending[0]
    unmount()
    await act(async () => request?.resolve({ code: '123456' }))
    expect(codes).toEqual([])
  })

  it('reports no support and does nothing where WebOTP is missing', () => {
    const { result } = renderHook(() => useWebOTP({ onCode: () => undefined }))
    expect(result.current.isSupported).toBe(false)
    expect(pending).toHaveLength(0)
  })
})

/**
 * Chromium's side of WebOTP, as content/browser/sms/webotp_service.cc keeps it: one request per
 * page (`Receive` cancels the one before), and an `Abort` that finds no request is a "bad message"
 * for which the browser kills the tab. The renderer learns of a cancellation only in a later task,
 * so in the meantime it still sends the cancelled request's abort (which then ends the newer one).
 */
function installChromiumWebOTP() {
  const browser = { gets: 0, badMessages: 0, current: undefined as { reject: (error: DOMException) => void } | undefined }
  defineWebOTP(
    (options) =>
      new Promise((resolve, reject) => {
        browser.gets++
        const previous = browser.current
        if (previous) setTimeout(() => previous.reject(new DOMException('OTP retrieval was cancelled.', 'AbortError')))
        const request = { reject }
        browser.current = request
        pending.push({ options, resolve: (credential) => (browser.current === request ? ((browser.current = undefined), resolve(credential)) : undefined) })
        options.signal.addEventListener('abort', () => {
          if (!browser.current) return void browser.badMessages++
          browser.current.reject(new DOMException('aborted', 'AbortError'))
          browser.current = undefined
        })
      }),
  )
  return browser
}

/** Two listeners in one component: they mount and unmount in the same commit. */
function useTwoListeners(): null {
  useWebOTP({ onCode: () => undefined })
  useWebOTP({ onCode: () => undefined, length: 4 })
  return null
}

describe('WebOTP with several listeners on one page', () => {
  it('survives every listener leaving in one commit (two aborts at once made Chromium kill the tab)', () => {
    const browser = installChromiumWebOTP()
    const { unmount } = renderHook(useTwoListeners)
    expect(browser.gets).toBe(2)
    unmount()
    expect(browser.badMessages).toBe(0)
    expect(browser.current).toBeUndefined()
  })

  it('aborts only the browser\'s current request, whichever listener leaves first', () => {
    for (const order of [['first', 'second'], ['second', 'first']] as const) {
      const browser = installChromiumWebOTP()
      const hooks = { first: renderHook(() => useWebOTP({ onCode: () => undefined })), second: renderHook(() => useWebOTP({ onCode: () => undefined })) }
      for (const name of order) hooks[name].unmount()
      expect({ order, badMessages: browser.badMessages, current: browser.current }).toEqual({ order, badMessages: 0, current: undefined })
    }
  })

  it('gives the code to the newest listener, and listens anew after it leaves', async () => {
    installChromiumWebOTP()
    const codes: string[] = []
    renderHook(() => useWebOTP({ onCode: (c) => codes.push(`first ${c}`) }))
    const second = renderHook(() => useWebOTP({ onCode: (c) => codes.push(`second ${c}`), length: 4 }))
    await act(async () => pending[1]?.resolve({ code: '1234' }))
    second.unmount()
    renderHook(() => useWebOTP({ onCode: (c) => codes.push(`third ${c}`) }))
    await act(async () => pending[2]?.resolve({ code: '654321' }))
    expect(codes).toEqual(['second 1234', 'third 654321'])
  })
})
