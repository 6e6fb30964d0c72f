import type { SentVerification, StartVerificationResponse } from '@hakiki/core'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useExpiryCountdown } from './use-expiry-countdown'
import { useResendCooldown } from './use-resend-cooldown'

// The server runs 3 minutes ahead of this client; countdowns must follow the server.
const SKEW = 3 * 60_000
let renders: Record<string, number>

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) })
  renders = {}
})
afterEach(() => {
  vi.useRealTimers()
})

function count(name: string) {
  renders[name] = (renders[name] ?? 0) + 1
}

function verification(expiresInMs: number, resendInMs: number): SentVerification {
  const server = Date.now() + SKEW
  return { id: 'VE1', to: '+233241234567', channel: 'sms', codeLength: 6, expiresAt: server + expiresInMs, resendAt: server + resendInMs, attemptsLeft: 5, skewMs: SKEW }
}

function Expiry({ source }: { source: SentVerification | StartVerificationResponse }) {
  count('expiry')
  const { secondsLeft, isExpired } = useExpiryCountdown(source)
  return <p data-testid="expiry">{isExpired ? 'expired' : secondsLeft}</p>
}

function Resend({ source, retryAt }: { source: SentVerification | undefined; retryAt?: number }) {
  count('resend')
  const { secondsLeft, canResend } = useResendCooldown(source, retryAt)
  return <button disabled={!canResend}>{canResend ? 'Resend' : `Resend in ${secondsLeft}s`}</button>
}

function Sibling() {
  count('sibling')
  return <p>unrelated</p>
}

function Screen({ source }: { source: SentVerification }) {
  count('screen')
  return (
    <>
      <Sibling />
      <Expiry source={source} />
      <Resend source={source} />
    </>
  )
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('useExpiryCountdown and useResendCooldown', () => {
  it('tick once a second on the server clock, re-rendering only themselves', () => {
    render(<Screen source={verification(3_000, 2_000)} />)
    expect(screen.getByTestId('expiry').textContent).toBe('3')
    expect(screen.getByRole('button').textContent).toBe('Resend in 2s')

    advance(1_000)
    expect(screen.getByTestId('expiry').textContent).toBe('2')
    expect(screen.getByRole('button').textContent).toBe('Resend in 1s')
    advance(1_000)
    expect(screen.getByRole('button').textContent).toBe('Resend')
    expect(screen.getByRole('button')).toHaveProperty('disabled', false)
    advance(1_000)
    expect(screen.getByTestId('expiry').textContent).toBe('expired')

    expect(renders).toEqual({ screen: 1, sibling: 1, expiry: 4, resend: 3 })
    advance(60_000)
    expect(renders).toEqual({ screen: 1, sibling: 1, expiry: 4, resend: 3 })
  })

  it('changes second at the boundary, not on a fixed interval from mount', () => {
    render(<Expiry source={verification(2_500, 0)} />)
    expect(screen.getByTestId('expiry').textContent).toBe('3')
    advance(499)
    expect(screen.getByTestId('expiry').textContent).toBe('3')
    advance(1)
    expect(screen.getByTestId('expiry').textContent).toBe('2')
  })

  it('reads a raw start answer, measuring the skew from its serverTime', () => {
    const server = Date.now() + SKEW
    const response: StartVerificationResponse = {
      id: 'VE1',
      to: '+233241234567',
      channel: 'sms',
      status: 'pending',
      codeLength: 6,
      attemptsLeft: 5,
      serverTime: new Date(server).toISOString(),
      expiresAt: new Date(server + 600_000).toISOString(),
      resendAt: new Date(server + 30_000).toISOString(),
    }
    render(<Expiry source={response} />)
    expect(screen.getByTestId('expiry').textContent).toBe('600')
    advance(90_000)
    expect(screen.getByTestId('expiry').textContent).toBe('510')
  })

  it('waits out a refused send: retryAt on the client clock, the longer wait winning', () => {
    // The cooldown ends in 5 s (server clock, 3 minutes ahead); the server refused a send for 8 s.
    const view = render(<Resend source={verification(600_000, 5_000)} retryAt={Date.now() + 8_000} />)
    expect(screen.getByRole('button').textContent).toBe('Resend in 8s')
    advance(7_000)
    expect(screen.getByRole('button').textContent).toBe('Resend in 1s')
    advance(1_000)
    expect(screen.getByRole('button').textContent).toBe('Resend')
    // A refusal shorter than the cooldown does not shorten it.
    view.rerender(<Resend source={verification(600_000, 5_000)} retryAt={Date.now() + 2_000} />)
    expect(screen.getByRole('button').textContent).toBe('Resend in 5s')
  })

  it('counts a refused send with no verification at all (a first code refused)', () => {
    render(<Resend source={undefined} retryAt={Date.now() + 3_000} />)
    expect(screen.getByRole('button').textContent).toBe('Resend in 3s')
    advance(3_000)
    expect(screen.getByRole('button')).toHaveProperty('disabled', false)
  })
})
