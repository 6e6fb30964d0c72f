import type { FlowState, VerifiedState } from '@hakiki/core'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setupProvider } from '../test/render-helpers'
import { useVerificationFlow, type UseVerificationFlowOptions } from './use-verification-flow'

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) })
  sessionStorage.clear()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A bare-bones UI made only of the hook's prop getters. */
function Flow(props: UseVerificationFlowOptions) {
  const flow = useVerificationFlow(props)
  const { state } = flow
  return (
    <div>
      <p data-testid="status">{state.status}</p>
      <p data-testid="error">{flow.error?.code ?? ''}</p>
      {state.status === 'idle' || state.status === 'sending' ? (
        <form {...flow.getAddressFormProps()} aria-label="address">
          <input {...flow.getAddressInputProps()} aria-label="Phone number" />
          <button type="submit">Send code</button>
        </form>
      ) : (
        <form {...flow.getCodeFormProps()} aria-label="code">
          <input {...flow.getCodeInputProps()} aria-label="Code" />
          <button {...flow.getResendButtonProps()}>Resend</button>
          <button {...flow.getSwitchChannelButtonProps('call')}>Call me</button>
          <button {...flow.getChangeAddressButtonProps()}>Change number</button>
        </form>
      )}
    </div>
  )
}

/** Lets the memory adapter's microtasks run and React commit. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0))
const status = () => screen.getByTestId('status').textContent
const resend = () => screen.getByRole('button', { name: 'Resend' })
/** A waiting button stays focusable: it says so with aria-disabled rather than disabled. */
const waiting = (button: HTMLElement) => button.getAttribute('aria-disabled') === 'true'

/** A flow whose state the app keeps, with a way to put a kept state back. */
function Controlled() {
  const [state, setState] = useState<FlowState>({ status: 'idle', to: '+233241234567', channel: 'call' })
  const flow = useVerificationFlow({ state, onStateChange: setState })
  return (
    <div>
      <p data-testid="status">{flow.state.status}</p>
      <form {...flow.getAddressFormProps()} aria-label="address">
        <input {...flow.getAddressInputProps()} aria-label="Phone number" />
      </form>
      <button type="button" onClick={() => setState({ status: 'idle', to: '+233201234567', channel: 'sms' })}>
        Restore kept state
      </button>
    </div>
  )
}

describe('useVerificationFlow', () => {
  it('runs address → code → verified through the prop getters, calling onVerified once', async () => {
    const { wrapper: Wrapper, memory } = setupProvider()
    const verified: VerifiedState[] = []
    render(<Flow onVerified={(s) => verified.push(s)} locale="fr" />, { wrapper: Wrapper })

    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+233 24 123 4567' } })
    expect(screen.getByLabelText('Phone number')).toHaveProperty('value', '+233 24 123 4567')
    fireEvent.submit(screen.getByRole('form', { name: 'address' }))
    await flush()
    expect(status()).toBe('code_sent')
    expect(memory.sent[0]).toMatchObject({ to: '+233241234567', locale: 'fr' })

    const code = screen.getByLabelText('Code')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    fireEvent.change(code, { target: { value: '000000' } })
    await flush()
    expect(screen.getByTestId('error').textContent).toBe('wrong_code')
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'Your code is 123456' } })
    await flush()
    expect(status()).toBe('verified')
    await flush()
    expect(verified).toHaveLength(1)
    expect(verified[0]?.receipt).toEqual(expect.any(String))
  })

  it('enables resend and channel switch only after the cooldown, and keeps the number on change', async () => {
    const { wrapper: Wrapper, memory } = setupProvider()
    render(<Flow />, { wrapper: Wrapper })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '024 123 4567' } })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+233241234567' } })
    fireEvent.submit(screen.getByRole('form', { name: 'address' }))
    await flush()
    expect(waiting(resend())).toBe(true)
    // A press while waiting sends nothing.
    fireEvent.click(resend())
    await flush()
    expect(memory.sent).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(29_000))
    expect(waiting(resend())).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(waiting(resend())).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Call me' }))
    await flush()
    expect(memory.sent.map((m) => m.channel)).toEqual(['sms', 'call'])
    expect(waiting(resend())).toBe(true) // the next cooldown runs

    fireEvent.click(screen.getByRole('button', { name: 'Change number' }))
    expect(status()).toBe('idle')
    expect(screen.getByLabelText('Phone number')).toHaveProperty('value', '+233241234567')
  })

  it('moves to expired when the code dies', async () => {
    const { wrapper: Wrapper } = setupProvider({ ttlSeconds: 60 })
    render(<Flow />, { wrapper: Wrapper })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+233241234567' } })
    fireEvent.submit(screen.getByRole('form', { name: 'address' }))
    await flush()
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(status()).toBe('expired')
    expect(waiting(screen.getByRole('button', { name: 'Resend' }))).toBe(false)
  })

  it('resumes from sessionStorage after a remount without sending another code', async () => {
    const { wrapper: Wrapper, memory } = setupProvider()
    const first = render(<Flow persistKey="hakiki-flow" />, { wrapper: Wrapper })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+233241234567' } })
    fireEvent.submit(screen.getByRole('form', { name: 'address' }))
    await flush()
    expect(JSON.parse(sessionStorage.getItem('hakiki-flow') ?? '{}')).toMatchObject({ status: 'code_sent' })
    first.unmount()

    render(<Flow persistKey="hakiki-flow" />, { wrapper: Wrapper })
    await flush()
    expect(status()).toBe('code_sent')
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } })
    await flush()
    expect(status()).toBe('verified')
    expect(memory.sent).toHaveLength(1)
  })

  it('ignores a corrupt snapshot', async () => {
    sessionStorage.setItem('hakiki-flow', '{not json')
    const { wrapper: Wrapper } = setupProvider()
    render(<Flow persistKey="hakiki-flow" />, { wrapper: Wrapper })
    await flush()
    expect(status()).toBe('idle')
    expect(sessionStorage.getItem('hakiki-flow')).toBeNull()
  })

  it('works under StrictMode double mounting', async () => {
    const { wrapper: Wrapper, memory } = setupProvider()
    render(
      <StrictMode>
        <Wrapper>
          <Flow />
        </Wrapper>
      </StrictMode>,
    )
    await flush()
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+233241234567' } })
    fireEvent.submit(screen.getByRole('form', { name: 'address' }))
    await flush()
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } })
    await flush()
    expect(status()).toBe('verified')
    expect(memory.sent).toHaveLength(1)
  })

  it('reports every state change, with where the code went', async () => {
    const { wrapper: Wrapper } = setupProvider()
    const seen: FlowState[] = []
    render(<Flow onStateChange={(s) => seen.push(s)} />, { wrapper: Wrapper })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+233241234567' } })
    fireEvent.submit(screen.getByRole('form', { name: 'address' }))
    await flush()
    expect(seen.map((s) => s.status)).toEqual(['idle', 'sending', 'code_sent'])
    const sent = seen.at(-1)
    expect(sent?.status === 'code_sent' && sent.verification.to).toBe('+233241234567')
  })

  it('is controllable: the app holds the state, and a state it passes replaces the one of the flow', async () => {
    const { wrapper: Wrapper, memory } = setupProvider()
    render(<Controlled />, { wrapper: Wrapper })
    // The app's initial state is the flow's: its number and channel.
    expect(screen.getByLabelText('Phone number')).toHaveProperty('value', '+233241234567')
    fireEvent.submit(screen.getByRole('form', { name: 'address' }))
    await flush()
    expect(status()).toBe('code_sent')
    expect(memory.sent[0]).toMatchObject({ to: '+233241234567', channel: 'call' })

    // The app puts another state in place (e.g. one it kept): the flow goes on from there.
    fireEvent.click(screen.getByRole('button', { name: 'Restore kept state' }))
    expect(status()).toBe('idle')
    expect(screen.getByLabelText('Phone number')).toHaveProperty('value', '+233201234567')
    fireEvent.submit(screen.getByRole('form', { name: 'address' }))
    await flush()
    expect(status()).toBe('code_sent')
    expect(memory.sent[1]).toMatchObject({ to: '+233201234567', channel: 'sms' })
  })
})
