import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { createElement as h, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('server rendering', () => {
  it('imports without a window and renders every hook with react-dom/server, silently', async () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const errors = vi.spyOn(console, 'error')
    const warnings = vi.spyOn(console, 'warn')
    // Imported here, in a Node environment, so a `window` access at import time would throw.
    const kit = await import('../src/index')

    const source = {
      id: 'VE1',
      to: '+233241234567',
      channel: 'sms' as const,
      status: 'pending' as const,
      codeLength: 6,
      attemptsLeft: 5,
      serverTime: '2026-01-01T12:00:00.000Z',
      expiresAt: '2026-01-01T12:10:00.000Z',
      resendAt: '2026-01-01T12:00:30.000Z',
    }
    function Screen(): ReactNode {
      const start = kit.useStartVerification()
      kit.useCheckCode()
      const status = kit.useVerification('VE1')
      const rates = kit.useRates()
      const expiry = kit.useExpiryCountdown(source)
      const cooldown = kit.useResendCooldown(source)
      const flow = kit.useVerificationFlow({ persistKey: 'k' })
      const otp = kit.useWebOTP({ onCode: () => undefined })
      const codeInput = kit.useCodeInput({ length: 6 })
      return h(
        'main',
        null,
        h('p', { id: 'state' }, `${flow.state.status} ${start.status} ${status.status} ${rates.status} otp:${String(otp.isSupported)}`),
        h('p', { id: 'countdowns' }, `${expiry.secondsLeft >= 0} ${cooldown.canResend}`),
        h('form', flow.getAddressFormProps(), h('input', { ...flow.getAddressInputProps(), 'aria-label': 'Phone' })),
        h('div', codeInput.getRootProps(), h('input', { ...codeInput.getInputProps(), 'aria-label': 'Code' })),
      )
    }

    const html = renderToString(h(kit.VerificationProvider, { adapter: createMemoryAdapter() }, h(Screen)))
    expect(html).toContain('idle idle pending pending otp:undefined')
    expect(html).toContain('type="tel"')
    expect(html).toContain('autoComplete="one-time-code"')
    expect(errors).not.toHaveBeenCalled()
    expect(warnings).not.toHaveBeenCalled()
  })
})
