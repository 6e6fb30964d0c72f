import '../styles.css'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { render } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { commands, userEvent } from 'vitest/browser'
import { listen } from '../../test/browser-helpers'
import { VerificationFlow } from '../verification-flow'

// The steps after the address step are a chunk of their own (`later-steps.ts`), loaded when the
// address is submitted. These tests hold its request at the test server (or in the engine); they
// run in this order, in a page of their own: the first load of the chunk in this page is the first
// test's (a module, once loaded, is not requested again). A chunk that fails: its own file
// (later-steps-failure.browser.test.tsx), so that the failure stays in a page of its own.

test('the next step loads on submit, beside the start request: the address step waits, busy, then hands focus to the code field', async () => {
  await commands.holdModule('later-steps*')
  try {
    const adapter = createMemoryAdapter({ fixedCode: '123456' })
    const start = vi.spyOn(adapter, 'start')
    const view = render(<VerificationFlow adapter={adapter} defaultCountry="GH" />)
    const root = view.container.querySelector('.hakiki-flow') as HTMLElement
    const { heard, changed, stop } = listen(root.querySelector('[data-region="flow"]') as HTMLElement)
    const send = view.getByRole('button', { name: 'Send code' })

    // Not up front: nothing asked for the chunk before the address is submitted.
    expect(await commands.heldModuleRequests('later-steps*')).toBe(0)
    await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
    // Both at once: the code is sent while the chunk is on its way.
    await expect.poll(() => commands.heldModuleRequests('later-steps*')).toBeGreaterThan(0)
    await expect.poll(() => adapter.sent.length).toBe(1)
    expect(start).toHaveBeenCalledTimes(1)
    // The code step cannot be drawn yet: the address step stays, busy, with no resend wait on
    // its button and nothing said about the code yet (it would be said before its field is there).
    expect(root.getAttribute('data-step')).toBe('address')
    expect(send.getAttribute('aria-disabled')).toBe('true')
    expect(send.querySelector('[data-part="spinner"]')).not.toBeNull()
    expect(root.querySelector('[data-part="countdown"]')).toBeNull()
    expect(root.querySelector('[data-step="code"]')).toBeNull()
    expect(heard).toEqual(['Sending the code…'])

    await commands.releaseModule('later-steps*', 'continue')
    await expect.poll(() => root.getAttribute('data-step')).toBe('code')
    const code = view.getByRole('textbox', { name: 'Verification code' })
    await expect.poll(() => document.activeElement).toBe(code)
    await expect.poll(() => root.querySelector('[data-leaving]')).toBeNull()
    await userEvent.keyboard('123456')
    await expect.poll(() => root.getAttribute('data-step')).toBe('verified')
    stop()
    expect(heard).toEqual(['Sending the code…', 'Checking the code…', '\u2068+233\u00A024\u00A0123\u00A04567\u2069 is verified.'])
    expect(changed).toEqual([])
  } finally {
    await commands.unrouteModule('later-steps*')
  }
})

test('once loaded, a new flow on the page goes on without asking for the chunk again', async () => {
  await commands.holdModule('later-steps*')
  try {
    const adapter = createMemoryAdapter({ fixedCode: '123456' })
    const view = render(<VerificationFlow adapter={adapter} defaultCountry="GH" />)
    const root = view.container.querySelector('.hakiki-flow') as HTMLElement
    await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
    await expect.poll(() => root.getAttribute('data-step')).toBe('code')
    await expect.poll(() => document.activeElement).toBe(view.getByRole('textbox', { name: 'Verification code' }))
    expect(await commands.heldModuleRequests('later-steps*')).toBe(0)
  } finally {
    await commands.unrouteModule('later-steps*')
  }
})
