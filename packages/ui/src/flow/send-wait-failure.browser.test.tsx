import '../styles.css'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { render } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { commands, userEvent } from 'vitest/browser'
import { VerificationFlow } from '../verification-flow'
import { loadLaterSteps } from './use-later-steps'

// "Send code" on the first screen is a plain button until the later steps' chunk brings its
// countdown (send-wait.browser.test.tsx). Here that chunk fails, so the plain button alone carries
// a refusal's wait, with no clock of its own: the flow re-renders as the wait ends
// (useVerificationFlow's timer), and the button must then be enabled without the address being
// edited. A page of its own (vitest.config.ts, FRESH_PAGE_FILES): the chunk must not be loaded
// before, and Firefox keeps a failed module fetch for the page's life (both tests want it failed).

/** The view's load of the later steps (started by the submit) fails: a TypeError in every engine. */
async function failedChunk(): Promise<void> {
  await commands.releaseModule('later-steps*', 'abort')
  await expect(loadLaterSteps()).rejects.toBeInstanceOf(TypeError)
}

for (const order of ['the refusal, then the failed chunk', 'the failed chunk, then the refusal'] as const) {
  test(`a start refused with a wait while the countdown cannot load (${order}): "Send code" waits, then comes back enabled by itself`, async () => {
    await commands.holdModule('later-steps*')
    try {
      const adapter = createMemoryAdapter({ fixedCode: '123456', script: [{ operation: 'start', code: 'rate_limited', retryAfter: 2 }] })
      const original = adapter.start.bind(adapter)
      let answer!: () => void
      const answered = new Promise<void>((resolve) => {
        answer = resolve
      })
      const start = vi.spyOn(adapter, 'start').mockImplementation(async (...args) => {
        await answered
        return original(...args)
      })
      const view = render(<VerificationFlow adapter={adapter} defaultCountry="GH" />)
      const root = view.container.querySelector('.hakiki-flow') as HTMLElement
      const flowError = () => root.querySelector('[data-step="address"] .hakiki-flow-error')?.textContent ?? ''

      await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
      // Submitted: the chunk's load started with it (in Firefox, the second time, it fails at once).
      await expect.poll(() => start.mock.calls.length).toBe(1)
      const refusal = async () => {
        answer()
        await expect.poll(flowError).toMatch(/^Too many requests\. Try again in [12] seconds?\.$/)
      }
      for (const step of order === 'the refusal, then the failed chunk' ? [refusal, failedChunk] : [failedChunk, refusal]) await step()
      const send = view.getByRole('button', { name: 'Send code' })
      expect(send.getAttribute('aria-disabled')).toBe('true')
      expect(start).toHaveBeenCalledTimes(1)

      // The wait ends: enabled again, the address untouched (the refusal's words stay as worded
      // when it came: their ticking is in the chunk that failed); still the plain button.
      await expect.poll(() => send.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull()
      expect(root.querySelector('[data-part="countdown"]')).toBeNull()
      expect(view.getByRole('button', { name: 'Send code' })).toBe(send)
      expect(start).toHaveBeenCalledTimes(1)
    } finally {
      await commands.unrouteModule('later-steps*')
    }
  })
}
