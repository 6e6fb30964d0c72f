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

/** The root's countdown beside the button ("in 25 s"), if drawn. */
const countdownOf = (button: HTMLElement) => button.closest('.hakiki-resend')?.querySelector('[data-part="countdown"]')?.textContent

describe('ResendButton', () => {
  test('waits out the cooldown focusable, its name all it shows, the seconds beside it, announced at start and end', async () => {
    const onResend = vi.fn<() => void>()
    const view = render(<ResendButton verification={sent(30)} onResend={onResend} />)
    const button = view.getByRole('button', { name: 'Resend code' })
    const status = view.getByRole('status')

    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.hasAttribute('disabled')).toBe(false)
    // WCAG 2.5.3: the button shows exactly its name; the seconds are drawn outside it.
    expect(button.textContent).toBe('Resend code')
    expect(button.contains(view.container.querySelector('[data-part="countdown"]'))).toBe(false)
    expect(countdownOf(button)).toBe('in 30 s')
    // No description ticking on the focused button (NVDA and JAWS re-read a changed description).
    expect(button.hasAttribute('aria-describedby')).toBe(false)
    expect(status.textContent).toBe('You can ask for a new code in 30 seconds.')

    advance(1000)
    expect(countdownOf(button)).toBe('in 29 s')
    expect(button.textContent).toBe('Resend code')
    advance(20_000)
    expect(countdownOf(button)).toBe('in 9 s')
    // Not read out every second: the live region still holds the first announcement.
    expect(status.textContent).toBe('You can ask for a new code in 30 seconds.')

    advance(9000)
    expect(button.hasAttribute('aria-disabled')).toBe(false)
    expect(button.textContent).toBe('Resend code')
    expect(countdownOf(button)).toBeUndefined()
    expect(status.textContent).toBe('You can ask for a new code now.')
    button.click()
    expect(onResend).toHaveBeenCalledTimes(1)
  })

  test('a focus or a press while waiting says the seconds left once, in a fresh node each time', () => {
    const onResend = vi.fn<() => void>()
    const view = render(<ResendButton verification={sent(30)} onResend={onResend} />)
    const button = view.getByRole('button', { name: 'Resend code' })
    const status = view.getByRole('status')
    const said = () => status.firstElementChild
    const first = said()
    expect(first?.textContent).toBe('You can ask for a new code in 30 seconds.')

    // In the same second as the start: nothing new to say.
    act(() => button.focus())
    expect(said()).toBe(first)

    advance(5000)
    act(() => button.blur())
    act(() => button.focus())
    const onFocus = said()
    expect(onFocus?.textContent).toBe('You can ask for a new code in 25 seconds.')
    expect(onFocus).not.toBe(first)
    // A click right after the focus (a pointer press focuses, then clicks) is one event: said once.
    act(() => button.click())
    expect(said()).toBe(onFocus)
    expect(onResend).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button)

    advance(3000)
    act(() => button.click())
    expect(said()?.textContent).toBe('You can ask for a new code in 22 seconds.')
    expect(said()).not.toBe(onFocus)
    // The ticking seconds never reach the live region by themselves.
    const pressed = said()
    advance(4000)
    expect(said()).toBe(pressed)
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

  test('a label of its own shows its seconds beside it too; announce={false} tells no news but answers a focus', () => {
    const view = render(
      <ResendButton verification={sent(30)} announce={false}>
        Call me instead
      </ResendButton>,
    )
    const button = view.getByRole('button', { name: 'Call me instead' })
    expect(button.textContent).toBe('Call me instead')
    expect(countdownOf(button)).toBe('in 30 s')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    const status = view.getByRole('status')
    expect(status.textContent).toBe('')
    advance(2000)
    act(() => button.focus())
    expect(status.textContent).toBe('You can ask for a new code in 28 seconds.')
  })

  test("announce='end': a wait the caller already said is not said again, its end is", () => {
    const view = render(<ResendButton verification={sent(0)} announce="end" />)
    const status = view.getByRole('status')
    view.rerender(<ResendButton verification={sent(0)} retryAt={T0 + 10_000} announce="end" />)
    const button = view.getByRole('button', { name: 'Resend code' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(status.textContent).toBe('')
    // A press in the same second adds nothing either; a later focus answers with the seconds left.
    act(() => button.click())
    expect(status.textContent).toBe('')
    advance(4000)
    act(() => button.focus())
    expect(status.textContent).toBe('You can ask for a new code in 6 seconds.')
    advance(6000)
    expect(status.textContent).toBe('You can ask for a new code now.')
  })

  test('showCountdown={false} draws no seconds', () => {
    const view = render(<ResendButton verification={sent(30)} showCountdown={false} />)
    expect(view.getByRole('button', { name: 'Resend code' }).getAttribute('aria-disabled')).toBe('true')
    expect(view.container.querySelector('[data-part="countdown"]')).toBeNull()
  })

  test.each([
    [365, 'You can ask for a new code in 7 minutes.'],
    [120, 'You can ask for a new code in 2 minutes.'],
    [119, 'You can ask for a new code in 119 seconds.'],
  ])('a wait of %i s is said as "%s" (minutes, rounded up, from two minutes)', (seconds, said) => {
    const view = render(<ResendButton verification={sent(seconds)} onResend={() => {}} />)
    expect(view.getByRole('status').textContent).toBe(said)
  })

  test('a refused send (retryAt) waits too, its label unchanged and its seconds beside it', () => {
    const onResend = vi.fn<() => void>()
    const view = render(
      <ResendButton retryAt={T0 + 20_000} onResend={onResend} data-part="new-code">
        Send a new code
      </ResendButton>,
    )
    const button = view.getByRole('button', { name: 'Send a new code' })
    expect(button.getAttribute('data-part')).toBe('new-code')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.textContent).toBe('Send a new code')
    expect(countdownOf(button)).toBe('in 20 s')
    expect(view.getByRole('status').textContent).toBe('You can ask for a new code in 20 seconds.')
    button.click()
    expect(onResend).not.toHaveBeenCalled()
    advance(5000)
    expect(countdownOf(button)).toBe('in 15 s')
    // The longer of the cooldown and the refusal wins.
    view.rerender(
      <ResendButton verification={sent(40)} retryAt={T0 + 20_000} onResend={onResend}>
        Send a new code
      </ResendButton>,
    )
    expect(countdownOf(button)).toBe('in 35 s')
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
