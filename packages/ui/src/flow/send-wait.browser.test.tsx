import '../styles.css'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { render } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { commands, userEvent } from 'vitest/browser'
import { VerificationFlow } from '../verification-flow'

// "Send code" on the first screen is a plain button; its countdown (`ResendButton`) comes with the
// later steps' chunk, loaded on the first submit. A page of its own (vitest.config.ts,
// FRESH_PAGE_FILES): the chunk must not be loaded yet, and here its request is held at the test
// server (or in the engine) until the refusal is on screen.

test('a start refused with a wait before the countdown has loaded: "Send code" waits, then counts down, focus kept', async () => {
  await commands.holdModule('later-steps*')
  try {
    const adapter = createMemoryAdapter({ fixedCode: '123456', script: [{ operation: 'start', code: 'rate_limited', retryAfter: 30 }] })
    const start = vi.spyOn(adapter, 'start')
    const view = render(<VerificationFlow adapter={adapter} defaultCountry="GH" />)
    const root = view.container.querySelector('.hakiki-flow') as HTMLElement
    const flowError = () => root.querySelector('[data-step="address"] .hakiki-flow-error')?.textContent ?? ''
    const countdown = () => root.querySelector('[data-step="address"] [data-part="countdown"]')?.textContent

    await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
    await expect.poll(() => commands.heldModuleRequests('later-steps*')).toBeGreaterThan(0)
    await expect.poll(flowError).toMatch(/^Too many requests\. Try again in (30|29) seconds\.$/)
    expect(start).toHaveBeenCalledTimes(1)

    // The refusal is on screen, the countdown not yet: the button waits all the same, and a press
    // (Enter on it: a pointer tool waits for an aria-disabled button) sends nothing.
    const plain = view.getByRole('button', { name: 'Send code' })
    expect(plain.getAttribute('aria-disabled')).toBe('true')
    expect(countdown()).toBeUndefined()
    plain.focus()
    await expect.poll(() => document.activeElement).toBe(plain)
    await userEvent.keyboard('{Enter}')
    expect(start).toHaveBeenCalledTimes(1)

    // The chunk comes: the button counts down, and focus stays on "Send code"; the refusal's words,
    // worded once until then, tick with it (one clock: the same seconds).
    await commands.releaseModule('later-steps*', 'continue')
    await expect.poll(countdown).toMatch(/^in \d+ s$/)
    await expect.poll(() => [flowError().match(/in (\d+) seconds/)?.[1], countdown()?.match(/\d+/)?.[0]]).toSatisfy(([a, b]) => a !== undefined && a === b)
    const counting = view.getByRole('button', { name: 'Send code' })
    expect(counting).not.toBe(plain)
    expect(counting.getAttribute('aria-disabled')).toBe('true')
    expect(counting.getAttribute('data-part')).toBe('submit')
    await expect.poll(() => document.activeElement).toBe(counting)
    await userEvent.keyboard('{Enter}')
    expect(start).toHaveBeenCalledTimes(1)
  } finally {
    await commands.unrouteModule('later-steps*')
  }
})
