import './styles.css'
import { act, render } from '@testing-library/react'
import { createRef, useState, type ReactNode } from 'react'
import { Controller } from 'react-hook-form'
import { describe, expect, test, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { axeViolations } from '../test/browser-helpers'
import { renderForm } from '../test/render-form'
import { EmailInput, type EmailInputProps } from './email-input'
import { validateEmail } from './validate-email'
import { LocaleProvider } from './i18n/locale-provider'

function describedBy(input: HTMLElement): string[] {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
}

describe('validateEmail', () => {
  test.each([
    ['ama@example.com', undefined],
    ['  ama@example.com ', undefined],
    ['', undefined],
    ['ama@', 'invalid'],
    ['ama@@example.com', 'invalid'],
    ['ama..b@example.com', 'invalid'],
    ['ama@exämple.com', 'invalid'],
  ])('%j → %s', (value, expected) => {
    expect(validateEmail(value)).toBe(expected)
  })

  test('an empty required address is "required"', () => {
    expect(validateEmail('  ', true)).toBe('required')
  })
})

/** A controlled field whose owner lower-cases what is typed. */
function Controlled() {
  const [value, setValue] = useState('kofi@')
  return <EmailInput value={value} onValueChange={(v) => setValue(v.toLowerCase())} />
}

/**
 * Where a Tab from the field goes. A Tab from a page's last field leaves the page in Chromium and
 * Firefox but stays in it in WebKitGTK's MiniBrowser, and a blur then depends on the engine (and in
 * Firefox the later tests' fields no longer get the focus): with a next field the Tab moves the
 * focus inside the page, the same way in every engine. Every Tab in this file has one.
 */
function NextField() {
  return <button type="button">Next</button>
}

function WithNextField({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <NextField />
    </>
  )
}

describe('EmailInput', () => {
  test('is a labelled e-mail field for autofill, with the ref on the input', () => {
    const ref = createRef<HTMLInputElement>()
    const view = render(<EmailInput ref={ref} name="email" />)
    const input = view.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement
    expect(ref.current).toBe(input)
    expect(input.type).toBe('email')
    expect(input.inputMode).toBe('email')
    expect(input.autocomplete).toBe('email')
    expect(input.name).toBe('email')
    expect(input.placeholder).toBe('name@example.com')
  })

  test('says what is wrong once the field is left, and stops as soon as it is fixed', async () => {
    const onValueChange = vi.fn<NonNullable<EmailInputProps['onValueChange']>>()
    const view = render(<EmailInput onValueChange={onValueChange} />, { wrapper: WithNextField })
    const input = view.getByRole('textbox') as HTMLInputElement
    const root = view.container.firstElementChild as HTMLElement
    await userEvent.type(input, 'ama@')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(root.getAttribute('data-state')).toBe('invalid')
    await userEvent.tab()
    // The blur may land after the Tab key's action has returned (Firefox, WebKit): wait for it.
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(input)).toContain('Enter a valid email address, like name@example.com.')
    expect(root.hasAttribute('data-invalid')).toBe(true)
    await userEvent.click(input)
    await userEvent.type(input, 'example.com')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(root.getAttribute('data-state')).toBe('valid')
    expect(onValueChange).toHaveBeenLastCalledWith('ama@example.com', { isValid: true, error: undefined })
  })

  test('a required empty field asks for the address after it is left', async () => {
    const view = render(<EmailInput required />, { wrapper: WithNextField })
    const input = view.getByRole('textbox') as HTMLInputElement
    input.focus()
    await userEvent.tab()
    // The message may come after the Tab key's action has returned (Firefox, WebKit): wait for it.
    await expect.poll(() => describedBy(input)).toContain('Enter your email address.')
  })

  test('an error from the app replaces the built-in one; false hides it', async () => {
    const view = render(<EmailInput defaultValue="ama@" error="That address is taken." />, { wrapper: WithNextField })
    const input = view.getByRole('textbox') as HTMLInputElement
    expect(describedBy(input)).toEqual(['That address is taken.'])
    view.rerender(<EmailInput defaultValue="ama@" error={false} />)
    input.focus()
    await userEvent.tab()
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })

  test('the address stays left to right in a right-to-left page', async () => {
    const view = render(
      <LocaleProvider locale="ar">
        <EmailInput defaultValue="ama@example.com" />
      </LocaleProvider>,
    )
    const input = view.getByRole('textbox') as HTMLInputElement
    // Right to left once the Arabic messages are there (until then English, left to right).
    await expect.poll(() => getComputedStyle(input.closest('.hakiki-email') as Element).direction).toBe('rtl')
    expect(getComputedStyle(input).direction).toBe('ltr')
  })

  test('controlled: the value prop wins', async () => {
    const view = render(<Controlled />)
    const input = view.getByRole('textbox') as HTMLInputElement
    await userEvent.type(input, 'EXAMPLE.COM')
    expect(input.value).toBe('kofi@example.com')
  })

  test.each<[string, EmailInputProps]>([
    ['default', {}],
    ['filled', { defaultValue: 'ama@example.com' }],
    ['invalid', { defaultValue: 'ama@', error: 'Enter a valid email address, like name@example.com.' }],
    ['disabled', { disabled: true, defaultValue: 'ama@example.com' }],
    ['with description', { description: 'We send a code to this address.' }],
  ])('no axe violations: %s', async (_, props) => {
    const view = render(<EmailInput {...props} />)
    expect(await axeViolations(view.container)).toEqual([])
  })
})

/** The typo hint of a rendered field, if shown. */
const hint = (view: ReturnType<typeof render>) => view.container.querySelector('[data-part="suggestion"]')

describe('EmailInput: the typo hint', () => {
  test('once the field is left, a likely typo gets "Did you mean …?", whose button puts the address meant in the field', async () => {
    const changes: string[] = []
    const view = render(<EmailInput onValueChange={(value) => changes.push(value)} />, { wrapper: WithNextField })
    const input = view.getByRole('textbox') as HTMLInputElement
    await userEvent.type(input, 'ama@gmial.com')
    // Not while typing: "ama@gmail.co" is on its way to ".com".
    expect(hint(view)).toBeNull()
    await userEvent.tab()
    const button = await view.findByRole('button', { name: 'ama@gmail.com' })
    expect(hint(view)?.textContent).toBe('Did you mean ama@gmail.com?')
    // A hint, not an error: the address as typed is valid; the hint describes the field.
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(describedBy(input)).toEqual(['Did you mean ama@gmail.com?'])
    await userEvent.click(button)
    expect([input.value, changes.at(-1), document.activeElement === input]).toEqual(['ama@gmail.com', 'ama@gmail.com', true])
    expect(hint(view)).toBeNull()
    expect(input.getAttribute('aria-describedby')).toBeNull()
  })

  test('a form library sees the corrected address (react-hook-form register)', async () => {
    const view = renderForm<{ email: string }>({ defaultValues: { email: '' } }, (form) => (
      <form>
        <EmailInput {...form.register('email')} />
        <NextField />
      </form>
    ))
    const input = view.getByRole('textbox') as HTMLInputElement
    await userEvent.type(input, 'kofi@hotmial.com')
    await userEvent.tab()
    await userEvent.click(await view.findByRole('button', { name: 'kofi@hotmail.com' }))
    expect(view.form().getValues('email')).toBe('kofi@hotmail.com')
  })

  test('no hint for a domain as it should be, nor with suggestTypos={false}', async () => {
    const view = render(
      <>
        <EmailInput defaultValue="ama@gmail.com" />
        <EmailInput defaultValue="ama@gmial.com" suggestTypos={false} />
        <NextField />
      </>,
    )
    const [first, second] = view.getAllByRole('textbox') as HTMLInputElement[]
    await userEvent.click(first!)
    await userEvent.tab()
    await userEvent.tab()
    // Both were left (focus is on the button after them), and neither offers a hint.
    await expect.poll(() => document.activeElement?.textContent).toBe('Next')
    expect(second!.value).toBe('ama@gmial.com')
    expect(view.queryByRole('button', { name: /@/ })).toBeNull()
  })

  test('in the language of the page', async () => {
    const view = render(
      <LocaleProvider locale="de" messages={{ 'email.suggestion': 'Meinten Sie {address}?' }}>
        <EmailInput defaultValue="ama@gmail.con" />
        <NextField />
      </LocaleProvider>,
    )
    await userEvent.click(view.getAllByRole('textbox')[0]!)
    await userEvent.tab()
    await view.findByRole('button', { name: 'ama@gmail.com' })
    expect(hint(view)?.textContent).toBe('Meinten Sie ama@gmail.com?')
  })
})

describe('EmailInput with react-hook-form', () => {
  test('register: typing, setValue, reset and validation through the ref', async () => {
    const view = renderForm<{ email: string }>({ defaultValues: { email: 'ama@example.com' } }, (form) => (
      <form>
        <EmailInput {...form.register('email', { required: true })} />
      </form>
    ))
    const form = view.form()
    const input = view.getByRole('textbox') as HTMLInputElement
    expect(input.value).toBe('ama@example.com')
    await userEvent.clear(input)
    await userEvent.type(input, 'kofi@example.org')
    expect(form.getValues('email')).toBe('kofi@example.org')
    act(() => form.setValue('email', 'esi@example.net'))
    expect(input.value).toBe('esi@example.net')
    act(() => form.reset())
    expect(input.value).toBe('ama@example.com')
    act(() => form.setFocus('email'))
    expect(document.activeElement).toBe(input)
  })

  test('register: the state attributes follow setValue and reset at once, not on the next event', async () => {
    const view = renderForm<{ email: string }>({ defaultValues: { email: 'ama@example.com' } }, (form) => (
      <form>
        <EmailInput {...form.register('email')} />
        <NextField />
      </form>
    ))
    const form = view.form()
    const input = view.getByRole('textbox') as HTMLInputElement
    const root = view.container.querySelector('.hakiki-email') as HTMLElement
    const attributes = () => ({ state: root.getAttribute('data-state'), valid: root.hasAttribute('data-valid'), invalid: root.hasAttribute('data-invalid') })
    // register writes the default value through the ref when it attaches.
    expect(attributes()).toEqual({ state: 'valid', valid: true, invalid: false })
    act(() => form.setValue('email', 'kofi@'))
    expect(input.value).toBe('kofi@')
    // Not left yet: no message, but the state says what the value is.
    expect(attributes()).toEqual({ state: 'invalid', valid: false, invalid: false })
    // Into the field as a user gets there (a script's focus() does not always take in Firefox).
    await userEvent.click(input)
    await userEvent.tab()
    // The message may come after the Tab key's action has returned (Firefox, WebKit): wait for it.
    await expect.poll(attributes).toEqual({ state: 'invalid', valid: false, invalid: true })
    act(() => form.setValue('email', 'esi@example.net'))
    expect(attributes()).toEqual({ state: 'valid', valid: true, invalid: false })
    act(() => form.setValue('email', ''))
    expect(attributes()).toEqual({ state: 'empty', valid: false, invalid: false })
    act(() => form.setValue('email', 'esi@'))
    expect(input.getAttribute('aria-invalid')).toBe('true')
    // A reset is a fresh start: the default address, and no message until the field is left again.
    act(() => form.reset())
    expect(input.value).toBe('ama@example.com')
    expect(attributes()).toEqual({ state: 'valid', valid: true, invalid: false })
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })

  test('a native form reset restores the default address and its state', async () => {
    const view = render(
      <form>
        <EmailInput defaultValue="ama@example.com" />
        <NextField />
      </form>,
    )
    const input = view.getByRole('textbox') as HTMLInputElement
    const root = view.container.querySelector('.hakiki-email') as HTMLElement
    await userEvent.clear(input)
    await userEvent.type(input, 'kofi@')
    await userEvent.tab()
    expect(root.getAttribute('data-state')).toBe('invalid')
    // The blur may land after the Tab key's action has returned (Firefox, WebKit): wait for it.
    await expect.poll(() => root.hasAttribute('data-invalid')).toBe(true)
    act(() => input.form?.reset())
    expect(input.value).toBe('ama@example.com')
    expect(root.getAttribute('data-state')).toBe('valid')
    expect(root.hasAttribute('data-invalid')).toBe(false)
  })

  test('Controller: typing, setValue, reset', async () => {
    const view = renderForm<{ email: string }>({ defaultValues: { email: '' } }, (form) => (
      <Controller control={form.control} name="email" render={({ field }) => <EmailInput {...field} />} />
    ))
    const form = view.form()
    const input = view.getByRole('textbox') as HTMLInputElement
    await userEvent.type(input, 'ama@example.com')
    expect(form.getValues('email')).toBe('ama@example.com')
    act(() => form.setValue('email', 'kofi@example.org'))
    expect(input.value).toBe('kofi@example.org')
    act(() => form.reset())
    expect(input.value).toBe('')
  })
})
