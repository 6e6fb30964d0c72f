import '../styles.css'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { render } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { commands, userEvent } from 'vitest/browser'
import { engine } from '../../test/engine'
import { listen } from '../../test/browser-helpers'
import { VerificationFlow } from '../verification-flow'

// The steps after the address step are a chunk of their own (`later-steps.ts`), loaded when the
// address is submitted; here its request fails. A file of its own: a page whose chunk failed
// cannot load it later in Firefox, which keeps a failed module fetch for the page's life (Chromium
// and WebKit fetch it again), so no other test may share this page.

/** The step the focused element is in. */
const focusedStep = () => document.activeElement?.closest('form[data-step]')?.getAttribute('data-step')

test('a chunk that fails while "Send code" waits is said once, and "Send code" loads it again without sending twice', async () => {
  await commands.holdModule('later-steps*')
  try {
    const adapter = createMemoryAdapter({ fixedCode: '123456' })
    const start = vi.spyOn(adapter, 'start')
    const view = render(<VerificationFlow adapter={adapter} defaultCountry="GH" />)
    const root = view.container.querySelector('.hakiki-flow') as HTMLElement
    const { heard, changed, stop } = listen(root.querySelector('[data-region="flow"]') as HTMLElement)
    const send = view.getByRole('button', { name: 'Send code' })
    const flowError = () => root.querySelector('[data-step="address"] .hakiki-flow-error')?.textContent ?? ''

    // Not up front: nothing asked for the chunk before the address is submitted.
    expect(await commands.heldModuleRequests('later-steps*')).toBe(0)
    await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
    // Both at once: the code is sent while the chunk is on its way.
    await expect.poll(() => commands.heldModuleRequests('later-steps*')).toBeGreaterThan(0)
    await expect.poll(() => start.mock.calls.length).toBe(1)
    // The code went out, but the code step cannot be drawn yet: the address step stays, busy.
    await expect.poll(() => adapter.sent.length).toBe(1)
    expect(root.getAttribute('data-step')).toBe('address')
    expect(send.getAttribute('aria-disabled')).toBe('true')
    expect(send.querySelector('[data-part="spinner"]')).not.toBeNull()
    expect(root.querySelector('[data-step="code"]')).toBeNull()

    await commands.releaseModule('later-steps*', 'abort')
    await expect.poll(flowError).toBe('No connection. Check that you are online and try again.')
    await expect.poll(() => heard.at(-1)).toBe('No connection. Check that you are online and try again.')
    expect(send.getAttribute('aria-disabled')).toBeNull()
    expect(send.querySelector('[data-part="spinner"]')).toBeNull()
    // Not the sent code's resend wait: this button loads the step, it sends nothing.
    expect(root.querySelector('[data-part="countdown"]')).toBeNull()
    expect(root.getAttribute('data-step')).toBe('address')

    // Back online: "Send code" loads the step; the code already sent is the one to type. Firefox
    // fails the same import again without asking the network (it keeps a failed module fetch for
    // the page's life): said again, still nothing sent twice; a reload is the way on there (a flow
    // with `persistKey` resumes on its code step).
    const outcome = engine === 'firefox' ? { step: 'address', failures: 2 } : { step: 'code', failures: 1 }
    await commands.unrouteModule('later-steps*')
    await userEvent.click(send)
    await expect.poll(() => root.getAttribute('data-step')).toBe(outcome.step)
    // Focus goes where the step is: the code field, or stays on "Send code".
    await expect.poll(focusedStep).toBe(outcome.step)
    await expect.poll(() => root.querySelector('[data-leaving]')).toBeNull()
    await expect.poll(() => heard.filter((h) => h.startsWith('No connection')).length).toBe(outcome.failures)
    expect(start).toHaveBeenCalledTimes(1)
    expect(adapter.sent).toHaveLength(1)
    stop()
    // Nothing said but the sending and each failure, nothing changed in place.
    expect(heard).toEqual(['Sending the code…', ...Array.from({ length: outcome.failures }, () => 'No connection. Check that you are online and try again.')])
    expect(changed).toEqual([])
  } finally {
    await commands.unrouteModule('later-steps*')
  }
})
