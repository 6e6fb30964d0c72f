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

function installWebOTP() {
  // Only its presence matters: `'OTPCredential' in window` is how support is detected.
  Object.defineProperty(window, 'OTPCredential', { value: Credential, configurable: true })
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      get: (options: Pending['options']) =>
        new Promise((resolve, reject) => {
          pending.push({ options, resolve })
          options.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    },
  })
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
