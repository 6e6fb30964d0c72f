import './styles.css'
import type { PhoneChangeDetails } from '@hakiki/react'
import { act, render } from '@testing-library/react'
import { Controller, useForm, type UseFormReturn } from 'react-hook-form'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { axeViolations, fireNativeInput, firePaste, foreignRequests, pasteFromClipboard } from '../test/browser-helpers'
import { LocaleProvider } from './i18n/locale-provider'
import { PhoneInput, type PhoneInputProps } from './phone-input'
import { preloadCountryList } from './country-select'

function setup(props: PhoneInputProps = {}) {
  const onValueChange = vi.fn<(e164: string, details: PhoneChangeDetails) => void>()
  const view = render(<PhoneInput onValueChange={onValueChange} {...props} />)
  const input = view.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement
  const trigger = () => view.container.querySelector<HTMLButtonElement>('[data-part="trigger"]')
  const error = () => view.container.querySelector('[data-part="error"]')?.textContent ?? ''
  const last = () => onValueChange.mock.lastCall
  return { ...view, input, trigger, error, last, onValueChange }
}

const digitsBeforeCaret = (input: HTMLInputElement): string => input.value.slice(0, input.selectionStart ?? 0).replace(/\D/g, '')

describe('PhoneInput: formatting and E.164', () => {
  test('formats as the user types and gives E.164 once valid', async () => {
    const { input, last } = setup({ defaultCountry: 'GH' })
    expect(input.type).toBe('tel')
    expect(input.autocomplete).toBe('tel')
    await userEvent.type(input, '024123')
    expect(input.value).toBe('024 123')
    expect(last()).toEqual(['', { country: 'GH', isValid: false, error: 'too_short' }])
    await userEvent.type(input, '4567')
    expect(input.value).toBe('024 123 4567')
    expect(last()).toEqual(['+233241234567', { country: 'GH', isValid: true, error: undefined }])
  })

  test('typing in the middle keeps the caret after the typed digit', async () => {
    const { input } = setup({ defaultCountry: 'GH' })
    await userEvent.type(input, '024123')
    input.setSelectionRange(2, 2)
    await userEvent.keyboard('5')
    expect(input.value.replace(/\D/g, '')).toBe('0254123')
    expect(digitsBeforeCaret(input)).toBe('025')
  })

  test('Backspace after a space deletes the digit before it', async () => {
    const { input } = setup({ defaultCountry: 'GH' })
    await userEvent.type(input, '024123')
    expect(input.value).toBe('024 123')
    input.setSelectionRange(4, 4)
    await userEvent.keyboard('{Backspace}')
    expect(input.value.replace(/\D/g, '')).toBe('02123')
    expect(digitsBeforeCaret(input)).toBe('02')
  })

  test('Delete before a space deletes the digit after it', async () => {
    const { input } = setup({ defaultCountry: 'GH' })
    await userEvent.type(input, '024123')
    input.setSelectionRange(3, 3)
    await userEvent.keyboard('{Delete}')
    expect(input.value.replace(/\D/g, '')).toBe('02423')
    expect(digitsBeforeCaret(input)).toBe('024')
  })

  test.each([
    ['00234…', '00234 802 123 4567', 'GH'],
    ['+234 (0)…', '+234 (0)802 123 4567', 'GH'],
    ['Arabic-Indic digits', '٠٨٠٢ ١٢٣ ٤٥٦٧', 'NG'],
  ] as const)('pasting %s from the clipboard reads a Nigerian number', async (_, text, defaultCountry) => {
    const { input, last, trigger } = setup({ defaultCountry })
    await pasteFromClipboard(input, text)
    expect(input.value).toBe('0802 123 4567')
    expect(last()).toEqual(['+2348021234567', { country: 'NG', isValid: true, error: undefined }])
    expect(trigger()?.getAttribute('aria-label')).toContain('Nigeria')
  })

  test("typing 0 beside a leading 0 keeps both digits, and the country's call prefix dials out", async () => {
    const { input, last } = setup({ defaultCountry: 'KE' })
    await userEvent.type(input, '0')
    input.setSelectionRange(0, 0)
    await userEvent.keyboard('0')
    expect(input.value).toBe('00')
    input.setSelectionRange(2, 2)
    await userEvent.keyboard('0233241234567')
    expect(input.value).toBe('000 233 24 123 4567')
    // The picker keeps the country that dials out: its prefix is how the digits are read.
    expect(last()).toEqual(['+233241234567', { country: 'KE', isValid: true, error: undefined }])
  })

  test.each([
    ['ext.', '+27 83 628 0123 ext. 12', 'GH', '083 628 0123', '+27836280123', 'ZA'],
    ["Kenya's 000", '000 234 802 123 4567', 'KE', '0802 123 4567', '+2348021234567', 'NG'],
    ["Côte d'Ivoire's (0)", '+225 (0)7 12 34 56 78', 'GH', '07 12 34 5678', '+2250712345678', 'CI'],
  ] as const)('pasting a number with %s reads it as libphonenumber-js does', async (_, text, defaultCountry, shown, e164, country) => {
    const { input, last } = setup({ defaultCountry })
    await pasteFromClipboard(input, text)
    expect(input.value).toBe(shown)
    expect(last()).toEqual([e164, { country, isValid: true, error: undefined }])
  })

  test('autofill of an international number (an input event, no paste) switches the country', () => {
    const onCountryChange = vi.fn<(country: string) => void>()
    const { input, last } = setup({ defaultCountry: 'GH', onCountryChange })
    act(() => fireNativeInput(input, '+254 712 123456'))
    expect(last()?.[0]).toBe('+254712123456')
    expect(onCountryChange).toHaveBeenCalledExactlyOnceWith('KE')
    expect(input.value.startsWith('0712')).toBe(true)
  })

  test('pasting national digits in the middle inserts them there', async () => {
    const { input } = setup({ defaultCountry: 'GH' })
    await userEvent.type(input, '024567')
    input.setSelectionRange(3, 3)
    act(() => {
      firePaste(input, '١٢٣')
    })
    expect(input.value).toBe('024 123 567')
    expect(digitsBeforeCaret(input)).toBe('024123')
  })

  test('typing a + number detects the country as it goes', async () => {
    const { input, last } = setup({ defaultCountry: 'GH' })
    await userEvent.type(input, '+25471212345')
    expect(input.value.startsWith('+254 ')).toBe(true)
    expect(last()?.[1].country).toBe('KE')
    await userEvent.type(input, '6')
    expect(last()?.[0]).toBe('+254712123456')
  })

  test('a letter typed is dropped and the caret stays', async () => {
    const { input } = setup({ defaultCountry: 'GH' })
    await userEvent.type(input, '0241')
    input.setSelectionRange(2, 2)
    await userEvent.keyboard('x')
    expect(input.value).toBe('024 1')
    expect(input.selectionStart).toBe(2)
  })

  test('a controlled value shows formatted, and echoing "" while typing keeps the text', async () => {
    const values: string[] = []
    function Controlled({ value }: { value: string }) {
      return <PhoneInput value={value} defaultCountry="GH" onValueChange={(v) => values.push(v)} />
    }
    const view = render(<Controlled value="" />)
    const input = view.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement
    await userEvent.type(input, '024')
    view.rerender(<Controlled value="" />)
    expect(input.value).toBe('024')
    view.rerender(<Controlled value="+2348021234567" />)
    expect(input.value).toBe('0802 123 4567')
    view.rerender(<Controlled value="" />)
    expect(input.value).toBe('')
  })

  test('the hidden input posts E.164 with the form', async () => {
    const view = render(
      <form>
        <PhoneInput name="phone" defaultCountry="GH" />
      </form>,
    )
    const input = view.getByRole('textbox', { name: 'Phone number' })
    await userEvent.type(input, '0241234567')
    const form = view.container.querySelector('form')
    expect(form && new FormData(form).get('phone')).toBe('+233241234567')
  })
})

describe('PhoneInput: validation messages', () => {
  test('too short shows on blur, clears once valid', async () => {
    const { input, error } = setup({ defaultCountry: 'GH' })
    await userEvent.type(input, '02412')
    expect(error()).toBe('')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    input.blur()
    await expect.poll(error).toBe('This number is too short for \u2068Ghana\u2069.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toContain(input.closest('[data-part="root"]')?.querySelector('[data-part="error"]')?.id)
    await userEvent.type(input, '34567')
    expect(error()).toBe('')
  })

  test('too long and unsupported country show at once', async () => {
    const long = setup({ defaultCountry: 'GH' })
    await userEvent.type(long.input, '024123456789')
    expect(long.error()).toBe('This number is too long for \u2068Ghana\u2069.')
    long.unmount()
    const foreign = setup({ defaultCountry: 'GH' })
    act(() => {
      firePaste(foreign.input, '+44 20 7946 0000')
    })
    expect(foreign.error()).toBe('Codes cannot be sent to this country yet.')
    expect(foreign.last()?.[1].error).toBe('unsupported_country')
  })

  test('a covered country left out of `countries` is unsupported', () => {
    const { input, last } = setup({ defaultCountry: 'GH', countries: ['GH', 'KE'] })
    act(() => fireNativeInput(input, '+2348021234567'))
    expect(last()?.[0]).toBe('')
    expect(last()?.[1].error).toBe('unsupported_country')
  })

  test('invalid numbers and missing country', async () => {
    const invalid = setup({ defaultCountry: 'GH' })
    await userEvent.type(invalid.input, '0991234567')
    invalid.input.blur()
    await expect.poll(invalid.error).toBe('Enter a valid phone number for \u2068Ghana\u2069.')
    invalid.unmount()
    const none = setup()
    await userEvent.type(none.input, '0241234567')
    none.input.blur()
    await expect.poll(none.error).toBe('Choose your country, or start the number with + and the country code.')
  })

  test('an error prop replaces the built-in message', () => {
    const { error, input } = setup({ defaultCountry: 'GH', error: 'Required' })
    expect(error()).toBe('Required')
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })
})

describe('CountrySelect in PhoneInput', () => {
  // The list's code (a chunk fetched as the button is first hovered) is in before a test opens it.
  beforeAll(() => preloadCountryList())

  test('keyboard: open, search, pick; Escape closes; focus returns', async () => {
    const onCountryChange = vi.fn<(country: string) => void>()
    const view = setup({ defaultCountry: 'GH', onCountryChange, fees: { KE: 'KES 1.20' } })
    const trigger = view.trigger()
    if (!trigger) throw new Error('no trigger')
    expect(trigger.getAttribute('aria-label')).toBe('Country: Ghana, +233')
    trigger.focus()
    await userEvent.keyboard('{ArrowDown}')
    const combobox = view.getByRole('combobox')
    expect(document.activeElement).toBe(combobox)
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    // The search box is mounted anew each time the list opens.
    const activeOption = () => document.getElementById(view.getByRole('combobox').getAttribute('aria-activedescendant') ?? '')
    expect(activeOption()?.textContent).toContain('Ghana')
    expect(activeOption()?.getAttribute('aria-selected')).toBe('true')
    await userEvent.keyboard('ken')
    expect(view.getAllByRole('option').map((o) => o.textContent)).toEqual(['KenyaKES 1.20 per SMS+254'])
    await userEvent.keyboard('{Enter}')
    expect(view.queryByRole('listbox')).toBeNull()
    expect(onCountryChange).toHaveBeenCalledExactlyOnceWith('KE')
    expect(trigger.getAttribute('aria-label')).toBe('Country: Kenya, +254')
    expect(document.activeElement).toBe(trigger)

    await userEvent.keyboard('{ArrowDown}')
    // Home and End belong to the search text's caret; Page Down/Up jump through the list.
    await userEvent.keyboard('{PageDown}{PageDown}')
    // All 14 rows, once the list has rendered those beyond its first frame's rows in view.
    await expect.poll(() => view.getAllByRole('option').length).toBe(14)
    const options = view.getAllByRole('option')
    expect(activeOption()).toBe(options.at(-1))
    await userEvent.keyboard('{PageUp}{PageUp}')
    expect(activeOption()).toBe(options[0])
    await userEvent.keyboard('{ArrowDown}')
    expect(activeOption()).toBe(options[1])
    await userEvent.keyboard('{Escape}')
    expect(view.queryByRole('listbox')).toBeNull()
    expect(document.activeElement).toBe(trigger)
    expect(onCountryChange).toHaveBeenCalledTimes(1)
  })

  test('type-ahead on the closed picker, search by dialing code, mouse pick', async () => {
    const view = setup({ defaultCountry: 'GH' })
    view.trigger()?.focus()
    await userEvent.keyboard('z')
    const combobox = view.getByRole('combobox') as HTMLInputElement
    expect(combobox.value).toBe('z')
    // The search's aliases load with the list's first opening: wait for the matches.
    await expect.poll(() => view.queryAllByRole('option').map((o) => o.querySelector('[data-part="name"]')?.textContent)).toEqual(['Zimbabwe', 'Tanzania'])
    // Backspace, not userEvent.clear: WebDriver's Element Clear (WebKit here) blurs the field it
    // clears, as its spec says, and a blur closes the list.
    await userEvent.keyboard('{Backspace}')
    expect(combobox.value).toBe('')
    await userEvent.type(combobox, '+27')
    const options = view.getAllByRole('option')
    expect(options).toHaveLength(1)
    expect(options[0]?.textContent).toContain('South Africa')
    await userEvent.click(options[0] as HTMLElement)
    expect(view.trigger()?.getAttribute('aria-label')).toContain('South Africa')
  })

  test('picking a country re-reads the typed digits in it', async () => {
    const view = setup({ defaultCountry: 'GH' })
    await userEvent.type(view.input, '0802123456')
    view.trigger()?.focus()
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard('Nigeria{Enter}')
    expect(view.last()?.[1].country).toBe('NG')
    expect(view.input.value.replace(/\D/g, '')).toBe('0802123456')
    await userEvent.type(view.input, '7')
    expect(view.input.value).toBe('0802 123 4567')
    expect(view.last()?.[0]).toBe('+2348021234567')
  })

  test('country names follow the locale', async () => {
    const view = render(
      <LocaleProvider locale="fr">
        <PhoneInput defaultCountry="ZA" />
      </LocaleProvider>,
    )
    const trigger = view.container.querySelector<HTMLButtonElement>('[data-part="trigger"]')
    // In French once the French messages are there: names follow the language shown.
    await expect.poll(() => trigger?.getAttribute('aria-label')).toContain('Afrique du Sud')
    trigger?.focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect.poll(() => view.getAllByRole('option').length).toBe(14)
    const names = view.getAllByRole('option').map((o) => o.querySelector('[data-part="name"]')?.textContent ?? '')
    expect(names).toContain('Côte d’Ivoire')
    expect(names).toEqual(names.toSorted(new Intl.Collator('fr').compare))
  })
})

describe('PhoneInput with react-hook-form', () => {
  test('register: stores E.164 on change and blur; setValue and reset show formatted', async () => {
    let form!: UseFormReturn<{ phone: string }>
    function Form() {
      form = useForm<{ phone: string }>({ defaultValues: { phone: '+233241234567' } })
      return (
        <form>
          <PhoneInput {...form.register('phone')} defaultCountry="GH" />
        </form>
      )
    }
    const view = render(<Form />)
    const input = view.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement
    expect(input.value).toBe('024 123 4567')
    await userEvent.clear(input)
    await userEvent.type(input, '0201234567')
    expect(form.getValues('phone')).toBe('+233201234567')
    input.blur()
    expect(form.getValues('phone')).toBe('+233201234567')
    act(() => form.setValue('phone', '+2348021234567'))
    expect(input.value).toBe('0802 123 4567')
    expect(view.container.querySelector('[data-part="root"]')?.getAttribute('data-country')).toBe('NG')
    act(() => form.reset())
    expect(input.value).toBe('024 123 4567')
    act(() => form.reset({ phone: '' }))
    expect(input.value).toBe('')
  })

  test('Controller: typing, setValue, reset', async () => {
    let form!: UseFormReturn<{ phone: string }>
    function Form() {
      form = useForm<{ phone: string }>({ defaultValues: { phone: '' } })
      return <Controller control={form.control} name="phone" render={({ field }) => <PhoneInput {...field} defaultCountry="KE" />} />
    }
    const view = render(<Form />)
    const input = view.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement
    await userEvent.type(input, '0712123456')
    expect(form.getValues('phone')).toBe('+254712123456')
    act(() => form.setValue('phone', '+233241234567'))
    expect(input.value).toBe('024 123 4567')
    act(() => form.reset())
    expect(input.value).toBe('')
    act(() => form.setFocus('phone'))
    await expect.poll(() => document.activeElement).toBe(input)
  })
})

describe('PhoneInput: RTL, accessibility, privacy', () => {
  test.each(['ar', 'he'])('digits stay left to right in %s; the list follows the page', async (locale) => {
    const view = render(
      <div dir="rtl" style={{ padding: 16, width: 420, height: 380 }}>
        <LocaleProvider locale={locale}>
          <PhoneInput defaultValue="+233241234567" />
        </LocaleProvider>
      </div>,
    )
    const input = view.getByRole('textbox') as HTMLInputElement
    const root = view.container.querySelector<HTMLElement>('.hakiki-phone')
    // Right to left once the locale's messages are there (until then English, left to right).
    await expect.poll(() => root && getComputedStyle(root).direction).toBe('rtl')
    expect(getComputedStyle(input).direction).toBe('ltr')
    const trigger = view.container.querySelector<HTMLButtonElement>('[data-part="trigger"]')
    trigger?.focus()
    await userEvent.keyboard('{ArrowDown}')
    const listbox = view.getByRole('listbox')
    expect(getComputedStyle(listbox).direction).toBe('rtl')
    // Every dialing code reads "+233", never "233+": the plus is left of the digits on screen.
    for (const code of view.container.querySelectorAll('[data-part="dial-code"]')) {
      const text = code.firstChild as Text
      const at = (i: number) => {
        const range = document.createRange()
        range.setStart(text, i)
        range.setEnd(text, i + 1)
        return range.getBoundingClientRect().left
      }
      expect(text.data.startsWith('+')).toBe(true)
      expect(at(0)).toBeLessThan(at(1))
    }
    expect(await axeViolations(view.container)).toEqual([])
    await page.screenshot({ path: `../__screenshots__/phone-input-${locale}.png`, element: view.container })
  })

  test.each<[string, PhoneInputProps]>([
    ['default', {}],
    ['filled', { defaultValue: '+233241234567' }],
    ['invalid', { error: 'Enter a valid phone number for Ghana.' }],
    ['disabled', { disabled: true, defaultValue: '+233241234567' }],
    ['with description', { description: 'We send a code by SMS.' }],
  ])('no axe violations: %s', async (_, props) => {
    const view = render(<PhoneInput defaultCountry="GH" {...props} />)
    expect(await axeViolations(view.container)).toEqual([])
  })

  test('no axe violations with the list open', async () => {
    const view = render(<PhoneInput defaultCountry="GH" fees={{ GH: 'GHS 0.30' }} />)
    view.container.querySelector<HTMLButtonElement>('[data-part="trigger"]')?.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(await axeViolations(view.container)).toEqual([])
  })

  test('flags are inline SVG and no request leaves the page origin', async () => {
    const view = render(<PhoneInput defaultCountry="GH" />)
    view.container.querySelector<HTMLButtonElement>('[data-part="trigger"]')?.focus()
    await userEvent.keyboard('{ArrowDown}')
    // The button's flag and each option's (not the hidden row that sizes the list's width): the 14
    // rows once the list has rendered those beyond the first frame's rows in view.
    const shown = () => view.container.querySelectorAll('[data-part="trigger"] [data-part="flag"], [role="option"] [data-part="flag"]')
    await expect.poll(() => shown().length).toBe(15)
    const flags = shown()
    // Drawn once their chunk (the 14's flags, from the page's own origin) is in.
    await expect.poll(() => [...flags].filter((flag) => flag.hasAttribute('data-flag') || flag.childElementCount === 0).length).toBe(0)
    for (const flag of flags) {
      expect(flag.tagName.toLowerCase()).toBe('svg')
      expect(flag.querySelector('image, use, foreignObject, script, text')).toBeNull()
    }
    expect(foreignRequests()).toEqual([])
  })
})
