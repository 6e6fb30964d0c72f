import './styles.css'
import type { SentVerification, StartVerificationResponse } from '@hakiki/core'
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { axeViolations } from '../test/browser-helpers'
import { ExpiryNotice } from './expiry-notice'
import { LocaleProvider } from './i18n/locale-provider'

const T0 = Date.UTC(2026, 0, 1, 12)

function sent(expiresIn: number, skewMs = 0): SentVerification {
  return { id: 'VE1', to: 'ama@example.com', channel: 'email', codeLength: 6, expiresAt: T0 + skewMs + expiresIn * 1000, resendAt: T0, attemptsLeft: 5, skewMs }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 })
})
afterEach(() => {
  vi.useRealTimers()
})

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))
/** The visible text without the Unicode isolates around the time. */
const visible = (root: Element) => root.querySelector('[data-part="countdown"]')?.textContent?.replace(/[\u2068\u2069]/g, '')

describe('ExpiryNotice', () => {
  test('counts down for the eyes, in words for screen readers, announcing the last minute and the end once', () => {
    const onExpire = vi.fn<() => void>()
    const view = render(<ExpiryNotice verification={sent(600)} onExpire={onExpire} />)
    const root = view.container.firstElementChild as HTMLElement
    const status = view.getByRole('status')
    const words = () => root.querySelector(':scope > [data-part="sr-only"]')?.textContent

    expect(visible(root)).toBe('Code expires in 10:00')
    expect(words()).toBe('The code expires in 10 minutes.')
    expect(root.getAttribute('data-state')).toBe('counting')
    advance(1000)
    expect(visible(root)).toBe('Code expires in 9:59')
    expect(words()).toBe('The code expires in 10 minutes.')
    expect(status.textContent).toBe('')

    advance(539_000)
    expect(visible(root)).toBe('Code expires in 1:00')
    expect(root.getAttribute('data-state')).toBe('warning')
    expect(status.textContent).toBe('The code expires in 1 minute.')
    advance(59_000)
    expect(words()).toBe('The code expires in 1 second.')
    expect(status.textContent).toBe('The code expires in 1 minute.')
    expect(onExpire).not.toHaveBeenCalled()

    advance(1000)
    expect(root.getAttribute('data-state')).toBe('expired')
    expect(visible(root)).toBe('The code has expired.')
    expect(status.textContent).toBe('The code has expired.')
    expect(onExpire).toHaveBeenCalledTimes(1)
    advance(5000)
    expect(onExpire).toHaveBeenCalledTimes(1)
  })

  test("counts the server's minutes when the device clock is off", () => {
    // The server is 2 hours ahead of this device; the code still has 5 minutes on the server.
    const view = render(<ExpiryNotice verification={sent(300, 7_200_000)} />)
    expect(visible(view.container.firstElementChild as Element)).toBe('Code expires in 5:00')
  })

  test('reads a start answer of useStartVerification too', () => {
    const answer: StartVerificationResponse = {
      id: 'VE1',
      to: '+233241234567',
      channel: 'sms',
      status: 'pending',
      codeLength: 6,
      expiresAt: new Date(T0 + 90_000).toISOString(),
      resendAt: new Date(T0 + 30_000).toISOString(),
      attemptsLeft: 5,
      serverTime: new Date(T0).toISOString(),
    }
    const view = render(<ExpiryNotice verification={answer} />)
    expect(visible(view.container.firstElementChild as Element)).toBe('Code expires in 1:30')
  })

  test('nothing to count: hidden; a warning threshold of your own', () => {
    const view = render(<ExpiryNotice verification={undefined} />)
    expect(view.container.firstElementChild?.getAttribute('data-state')).toBe('none')
    view.rerender(<ExpiryNotice verification={sent(200)} warnAt={300} />)
    expect(view.container.firstElementChild?.getAttribute('data-state')).toBe('warning')
  })

  test('uses the digits of the locale and keeps the time in order in Arabic', () => {
    const view = render(
      <LocaleProvider locale="ar" messages={{ 'expiry.countdown': 'تنتهي صلاحية الرمز خلال {time}' }}>
        <ExpiryNotice verification={sent(125)} />
      </LocaleProvider>,
    )
    const text = view.container.querySelector('[data-part="countdown"]')?.textContent ?? ''
    expect(text).toContain(`\u2068${new Intl.NumberFormat('ar').format(2)}:${new Intl.NumberFormat('ar', { minimumIntegerDigits: 2 }).format(5)}\u2069`)
  })

  test.each([
    ['counting', 600],
    ['warning', 30],
    ['expired', 0],
  ])('no axe violations: %s', async (_, seconds) => {
    vi.useRealTimers()
    const view = render(<ExpiryNotice verification={{ ...sent(seconds), expiresAt: Date.now() + seconds * 1000 }} />)
    expect(await axeViolations(view.container)).toEqual([])
  })
})
