import '../styles.css'
import type { DeliveryStatus, VerificationAdapter } from '@hakiki/core'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { listen } from '../../test/browser-helpers'
import { heldAdapter } from '../../test/held-adapter'
import { VerificationFlow } from '../verification-flow'

test('every outcome is said once, in order, by one polite region: sending, wrong code, lock, new code, expiry, new code, verified', async () => {
  // Two attempts and no cooldown, so the code locks within seconds; a latency so "Checking…"
  // is on screen before the verdict. (The expiry by the clock is Orca's script's; here the
  // server says a code expired when it is checked, the same outcome.)
  const adapter = createMemoryAdapter({ fixedCode: '123456', maxAttempts: 2, cooldownsSeconds: [0], latencyMs: 150 })
  const view = render(<VerificationFlow adapter={adapter} defaultCountry="GH" />)
  const root = view.container.querySelector('.hakiki-flow') as HTMLElement
  const region = root.querySelector('[data-region="flow"]') as HTMLElement
  // One region, polite (an <output>: role status), present before anything is said.
  expect(region.tagName).toBe('OUTPUT')
  expect(root.querySelectorAll('[role="alert"], [aria-live="assertive"]')).toHaveLength(0)
  const { heard, changed, stop } = listen(region)
  const step = () => root.getAttribute('data-step')
  const settled = () => root.querySelector('[data-leaving]') === null

  await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
  await expect.poll(step).toBe('code')
  const code = view.getByRole('textbox', { name: 'Verification code' })
  await expect.poll(() => document.activeElement).toBe(code)

  await userEvent.keyboard('111111')
  await expect.poll(() => heard.at(-1)).toBe('That code is not right. 1 attempt left.')
  // Shown right under the boxes (not live: the region said it), and gone once the user types again.
  const error = root.querySelector('[data-part="code-error"]') as HTMLElement
  expect(error.textContent).toBe('That code is not right. 1 attempt left.')
  expect(error.hasAttribute('aria-live')).toBe(false)
  await userEvent.keyboard('2')
  await expect.poll(() => region.textContent).toBe('')
  expect(error.textContent).toBe('')
  await userEvent.keyboard('22222')

  await expect.poll(step).toBe('problem')
  await expect.poll(() => heard.at(-1)).toMatch(/^For your security, this code no longer works\. Send a new code to continue\./)
  const newCode = view.getByRole('button', { name: 'Send a new code' })
  await expect.poll(() => newCode.getAttribute('aria-disabled')).toBeNull()
  await userEvent.click(newCode)
  await expect.poll(() => heard.at(-1)).toBe('New code sent.')
  expect(step()).toBe('code')

  // The code's lifetime ran out: the server says so when it is checked.
  adapter.failNext({ operation: 'check', code: 'expired' })
  await userEvent.keyboard('123456')
  await expect.poll(step).toBe('problem')
  await expect.poll(() => heard.at(-1)).toBe('Codes work for a limited time. Send a new code to continue.')
  await expect.poll(settled).toBe(true)
  const again = view.getByRole('button', { name: 'Send a new code' })
  await expect.poll(() => again.getAttribute('aria-disabled')).toBeNull()
  await userEvent.click(again)
  await expect.poll(() => heard.at(-1)).toBe('New code sent.')
  // "New code sent." is shown too, under the boxes.
  expect(root.querySelector('[data-part="code-message"] [data-part="resent"]')?.textContent).toBe('New code sent.')
  await userEvent.click(view.getByRole('textbox', { name: 'Verification code' }))
  await userEvent.keyboard('123456')
  await expect.poll(step).toBe('verified')
  await expect.poll(() => heard.at(-1)).toBe('\u2068+233\u00A024\u00A0123\u00A04567\u2069 is verified.')
  stop()

  // Each once, in this order, and nothing else: no "sent" over the code field focus lands on, no
  // second voice for an error, no text changed under a screen reader.
  const wait = /^For your security, this code no longer works\. Send a new code to continue\.( You can ask for a new code in 1 second\.)?$/
  expect(heard.map((h) => (wait.test(h) ? 'locked' : h))).toEqual([
    'Sending the code…',
    'Checking the code…',
    'That code is not right. 1 attempt left.',
    'Checking the code…',
    'locked',
    'New code sent.',
    'Checking the code…',
    'Codes work for a limited time. Send a new code to continue.',
    'New code sent.',
    'Checking the code…',
    '\u2068+233\u00A024\u00A0123\u00A04567\u2069 is verified.',
  ])
  expect(changed).toEqual([])
})

test('what the provider says of the message: "Couldn’t be delivered — try a call", shown by the code and said once', async () => {
  const memory = createMemoryAdapter({ fixedCode: '123456' })
  // A provider with delivery reports, as the proxy passes them on (start and status answers).
  let delivery: DeliveryStatus = 'sent'
  const adapter: VerificationAdapter = {
    ...memory,
    start: async (request, call) => ({ ...(await memory.start(request, call)), delivery }),
    status: async (id, call) => ({ ...(await memory.status(id, call)), delivery }),
  }
  const view = render(<VerificationFlow adapter={adapter} defaultCountry="GH" />)
  const root = view.container.querySelector('.hakiki-flow') as HTMLElement
  const { heard, stop } = listen(root.querySelector('[data-region="flow"]') as HTMLElement)
  await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
  await expect.poll(() => root.getAttribute('data-step')).toBe('code')
  // On its way: nothing shown yet; the flow asks again a few seconds later.
  expect(root.querySelector('[data-part="delivery"]')).toBeNull()
  delivery = 'undelivered'
  const shown = () => root.querySelector('[data-part="delivery"]')?.textContent
  await expect.poll(shown, { timeout: 15_000 }).toBe('Couldn’t be delivered — try a call')
  await expect.poll(() => heard.at(-1)).toBe('Couldn’t be delivered — try a call')
  expect(root.querySelector('[data-part="delivery"]')?.getAttribute('data-state')).toBe('failed')
  expect(view.getByRole('button', { name: 'Call me instead' })).toBeTruthy()
  // Said once: later status reads (none now: the news is final) add nothing.
  await new Promise((resolve) => setTimeout(resolve, 3500))
  stop()
  expect(heard.filter((h) => h.startsWith('Couldn’t'))).toHaveLength(1)
})

test('a refused request is said once, shown where it belongs, and gone for good after a retry that works: sending, then checking', async () => {
  // Each send and check is held until its progress was heard, not for a fixed time: a loaded
  // Firefox once rendered "Checking…" and a 50 ms refusal in one go (never said, nothing to hear).
const { base, adapter, releases } = heldAdapter({ fixedCode: '123456' })
  const view = render(<VerificationFlow adapter={adapter} defaultCountry="GH" />)
  const root = view.container.querySelector('.hakiki-flow') as HTMLElement
  const region = root.querySelector('[data-region="flow"]') as HTMLElement
  const { heard, changed, stop } = listen(region)
  /** Lets the request on its way go once `words` were the last thing heard. */
  const releaseAfter = async (words: string): Promise<void> => {
    await expect.poll(() => heard.at(-1)).toBe(words)
    await expect.poll(() => releases.length).toBe(1)
    releases.shift()?.()
  }
  const step = () => root.getAttribute('data-step')
  const busy = 'The verification service is busy. Try again in a moment.'
  const offline = 'No connection. Check that you are online and try again.'
  // Every error shown in the flow; and whether either sentence is left anywhere in the page (an
  // alert region, a hidden step, a field's description).
  const shownErrors = () => [...root.querySelectorAll('.hakiki-flow-error, [data-part="code-error"]')].map((e) => e.textContent).filter(Boolean)
  const otherVoices = () => [busy, offline].filter((sentence) => document.body.textContent?.includes(sentence))

  base.failNext({ operation: 'start', code: 'upstream_unavailable' })
  await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
  await releaseAfter('Sending the code…')
  await expect.poll(() => heard.at(-1)).toBe(busy)
  expect(shownErrors()).toEqual([busy])
  expect(root.querySelectorAll('[role="alert"], [aria-live="assertive"]')).toHaveLength(0)
  await userEvent.click(view.getByRole('button', { name: 'Send code' }))
  await releaseAfter('Sending the code…')
  await expect.poll(step).toBe('code')
  await expect.poll(() => document.activeElement).toBe(view.getByRole('textbox', { name: 'Verification code' }))
  expect([region.textContent, shownErrors(), otherVoices()]).toEqual(['', [], []])

  base.failNext({ operation: 'check', code: 'network_error' })
  await userEvent.keyboard('123456')
  await releaseAfter('Checking the code…')
  await expect.poll(() => heard.at(-1)).toBe(offline)
  // The code stays typed: Verify tries again.
  expect(shownErrors()).toEqual([offline])
  await userEvent.click(view.getByRole('button', { name: 'Verify' }))
  await releaseAfter('Checking the code…')
  await expect.poll(step).toBe('verified')
  await expect.poll(() => heard.at(-1)).toBe('\u2068+233\u00A024\u00A0123\u00A04567\u2069 is verified.')
  expect([shownErrors(), otherVoices()]).toEqual([[], []])
  stop()
  expect(heard).toEqual([
    'Sending the code…',
    busy,
    'Sending the code…',
    'Checking the code…',
    offline,
    'Checking the code…',
    '\u2068+233\u00A024\u00A0123\u00A04567\u2069 is verified.',
  ])
  expect(changed).toEqual([])
})
