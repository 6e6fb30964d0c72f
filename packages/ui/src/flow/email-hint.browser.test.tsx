import '../styles.css'
import type { StartVerificationRequest, VerificationAdapter } from '@hakiki/core'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { loadEmailSuggestion } from '../load-email-suggestion'
import { VerificationFlow } from '../verification-flow'

/** The memory adapter, with every start it is asked for kept. */
function recordingAdapter(): { adapter: VerificationAdapter; starts: StartVerificationRequest[] } {
  const memory = createMemoryAdapter({ fixedCode: '123456' })
  const starts: StartVerificationRequest[] = []
  return {
    starts,
    adapter: {
      ...memory,
      start: (request, call) => {
        starts.push(request)
        return memory.start(request, call)
      },
    },
  }
}

const hint = (root: HTMLElement) => root.querySelector('[data-part="suggestion"]')?.textContent

test('Enter in the e-mail field shows "Did you mean …?" first and sends nothing; the next Enter sends the address as typed', async () => {
  const { adapter, starts } = recordingAdapter()
  const view = render(<VerificationFlow adapter={adapter} channels={['email']} />)
  const root = view.container.querySelector('.hakiki-flow') as HTMLElement
  const field = view.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement
  await userEvent.click(field)
  // The hint's chunk, fetched on this first focus, is here before the Enter (a person types for
  // longer than that takes; a cold test server once took longer than the scripted keys).
  await loadEmailSuggestion()
  await userEvent.keyboard('ama@gmial.com{Enter}')
  await expect.poll(() => hint(root)).toBe('Did you mean ama@gmail.com?')
  // Said by the field's polite region, read as its description; focus stays in the field.
  expect(root.querySelector('[data-part="suggestion"]')?.closest('[aria-live="polite"]')).not.toBeNull()
  expect(document.activeElement).toBe(field)
  expect(root.getAttribute('data-step')).toBe('address')
  expect(starts).toEqual([])
  // The address as typed may be right: the second Enter sends it.
  await userEvent.keyboard('{Enter}')
  await expect.poll(() => root.getAttribute('data-step')).toBe('code')
  expect(starts.map((s) => s.to)).toEqual(['ama@gmial.com'])
})

test('the hint\u2019s button puts the address meant in, and "Send code" sends that one; a click on "Send code" first shows the hint too', async () => {
  const { adapter, starts } = recordingAdapter()
  const view = render(<VerificationFlow adapter={adapter} channels={['email']} />)
  const root = view.container.querySelector('.hakiki-flow') as HTMLElement
  const field = view.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement
  await userEvent.click(field)
  await loadEmailSuggestion()
  await userEvent.keyboard('kofi@hotmial.com')
  await userEvent.click(view.getByRole('button', { name: 'Send code' }))
  await expect.poll(() => hint(root)).toBe('Did you mean kofi@hotmail.com?')
  // Back in the field, where the hint is its description.
  await expect.poll(() => document.activeElement).toBe(field)
  expect(starts).toEqual([])
  await userEvent.click(view.getByRole('button', { name: 'kofi@hotmail.com' }))
  expect(field.value).toBe('kofi@hotmail.com')
  await userEvent.click(view.getByRole('button', { name: 'Send code' }))
  await expect.poll(() => root.getAttribute('data-step')).toBe('code')
  expect(starts.map((s) => s.to)).toEqual(['kofi@hotmail.com'])
})

test('an address with no hint is sent on the first Enter', async () => {
  const { adapter, starts } = recordingAdapter()
  const view = render(<VerificationFlow adapter={adapter} channels={['email']} />)
  const root = view.container.querySelector('.hakiki-flow') as HTMLElement
  await userEvent.click(view.getByRole('textbox', { name: 'Email address' }))
  await userEvent.keyboard('ama@example.com{Enter}')
  await expect.poll(() => root.getAttribute('data-step')).toBe('code')
  expect(starts.map((s) => s.to)).toEqual(['ama@example.com'])
  expect(hint(root)).toBeUndefined()
})

test('an address filled in without focusing the field (autofill) is sent on the first press: no hint to show, none held for', async () => {
  // The hint's rule is loaded (another field on the page had focus): only this field's own focus counts.
  await loadEmailSuggestion()
  const { adapter, starts } = recordingAdapter()
  const view = render(<VerificationFlow adapter={adapter} channels={['email']} />)
  const root = view.container.querySelector('.hakiki-flow') as HTMLElement
  const field = view.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'ama@gmial.com')
  field.dispatchEvent(new Event('input', { bubbles: true }))
  await userEvent.click(view.getByRole('button', { name: 'Send code' }))
  await expect.poll(() => root.getAttribute('data-step')).toBe('code')
  expect(starts.map((s) => s.to)).toEqual(['ama@gmial.com'])
})
