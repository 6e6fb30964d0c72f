import './styles.css'
import type { SentVerification } from '@hakiki/core'
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { axeViolations } from '../test/browser-helpers'
import { ResendButton } from './resend-button'

const T0 = Date.UTC(2026, 0, 1, 12)

/** A sent verification whose resend opens `resendIn` seconds after T0 (the client and server clocks agree). */
function sent(resendIn: number): SentVerification {
  return { id: 'VE1', to: '+233241234567', channel: 'sms', codeLength: 6, expiresAt: T0 + 600_000, resendAt: T0 + resendIn * 1000, attemptsLeft: 5, skewMs: 0 }
}

// The countdown runs on the clock: fake `Date` and timers, moved by hand, never slept on.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 })
})
afterEach(() => {
  vi.useRealTimers()
})

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('ResendButton', () => {
  test('waits out the cooldown focusable, ticking for the eyes and announcing only start and end', async () => {
    const onResend = vi.fn<() => void>()
    const view = render(<ResendButton verification={sent(30)} onResend={onResend} />)
    const button = view.getByRole('button', { name: 'Resend code' })
    const status = view.getByRole('status')
    const description = () => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent
    const visible = () => view.container.querySelector('[data-part="countdown"]')?.textContent

    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.hasAttribute('disabled')).toBe(false)
    expect(visible()).toBe('Resend code in 30 s')
    expect(description()).toBe('You can ask for a new code in 30 seconds.')
    expect(status.textContent).toBe('You can ask for a new code in 30 seconds.')

    button.focus()
    button.click()
    expect(onResend).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button)

    advance(1000)
    expect(visible()).toBe('Resend code in 29 s')
    expect(description()).toBe('You can ask for a new code in 29 seconds.')
    advance(20_000)
    expect(visible()).toBe('Resend code in 9 s')
    // Not read out every second: the live region still holds the first announcement.
    expect(status.textContent).toBe('You can ask for a new code in 30 seconds.')

    advance(9000)
    expect(button.hasAttribute('aria-disabled')).toBe(false)
    expect(button.textContent).toBe('Resend code')
    expect(button.hasAttribute('aria-describedby')).toBe(false)
    expect(status.textContent).toBe('You can ask for a new code now.')
    button.click()
    expect(onResend).toHaveBeenCalledTimes(1)
  })

  test('a new cooldown is announced again; busy waits and says it is sending', () => {
    const view = render(<ResendButton verification={sent(0)} />)
    const status = view.getByRole('status')
    expect(status.textContent).toBe('')
    view.rerender(<ResendButton verification={sent(0)} busy />)
    const button = view.getByRole('button')
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(status.textContent).toBe('Sending a new code…')
    view.rerender(<ResendButton verification={sent(60)} />)
    expect(status.textContent).toBe('You can ask for a new code in 60 seconds.')
    expect(view.container.firstElementChild?.getAttribute('data-state')).toBe('waiting')
  })

  test('a custom label shows no countdown, and announce={false} keeps quiet', () => {
    const view = render(
      <ResendButton verification={sent(30)} announce={false}>
        Call me instead
      </ResendButton>,
    )
    const button = view.getByRole('button', { name: 'Call me instead' })
    expect(button.textContent).toBe('Call me instead')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(view.queryByRole('status')).toBeNull()
  })

  test('a refused send (retryAt) waits too, with a label of its own counting down', () => {
    const onResend = vi.fn<() => void>()
    const view = render(
      <ResendButton retryAt={T0 + 20_000} onResend={onResend} countdownLabel={(s) => `Send a new code in ${s} s`} data-part="new-code">
        Send a new code
      </ResendButton>,
    )
    const button = view.getByRole('button', { name: 'Send a new code' })
    const visible = () => view.container.querySelector('[data-part="countdown"]')?.textContent
    expect(button.getAttribute('data-part')).toBe('new-code')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(visible()).toBe('Send a new code in 20 s')
    expect(view.getByRole('status').textContent).toBe('You can ask for a new code in 20 seconds.')
    button.click()
    expect(onResend).not.toHaveBeenCalled()
    advance(5000)
    expect(visible()).toBe('Send a new code in 15 s')
    // The longer of the cooldown and the refusal wins.
    view.rerender(
      <ResendButton verification={sent(40)} retryAt={T0 + 20_000} onResend={onResend} countdownLabel={(s) => `Send a new code in ${s} s`}>
        Send a new code
      </ResendButton>,
    )
    expect(visible()).toBe('Send a new code in 35 s')
    advance(35_000)
    expect(button.hasAttribute('aria-disabled')).toBe(false)
    expect(button.textContent).toBe('Send a new code')
    button.click()
    expect(onResend).toHaveBeenCalledTimes(1)
  })

  test('aria-disabled from the caller holds the button, still focusable', () => {
    const onResend = vi.fn<() => void>()
    const view = render(<ResendButton aria-disabled onResend={onResend} />)
    const button = view.getByRole('button', { name: 'Resend code' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.hasAttribute('disabled')).toBe(false)
    button.click()
    expect(onResend).not.toHaveBeenCalled()
    view.rerender(<ResendButton aria-disabled={false} onResend={onResend} />)
    expect(button.hasAttribute('aria-disabled')).toBe(false)
    button.click()
    expect(onResend).toHaveBeenCalledTimes(1)
  })

  test('without a verification it is ready; disabled is really disabled', () => {
    const onResend = vi.fn<() => void>()
    const view = render(<ResendButton onResend={onResend} />)
    view.getByRole('button').click()
    expect(onResend).toHaveBeenCalledTimes(1)
    view.rerender(<ResendButton onResend={onResend} disabled />)
    expect((view.getByRole('button') as HTMLButtonElement).disabled).toBe(true)
  })

  test.each([
    ['waiting', 30],
    ['ready', 0],
  ])('no axe violations: %s', async (_, resendIn) => {
    vi.useRealTimers()
    const view = render(<ResendButton verification={{ ...sent(resendIn), resendAt: Date.now() + resendIn * 1000 }} />)
    expect(await axeViolations(view.container)).toEqual([])
  })
})
