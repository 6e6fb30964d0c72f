import './styles.css'
import { act, render } from '@testing-library/react'
import { Controller, useForm, type UseFormReturn } from 'react-hook-form'
import { StrictMode, useState } from 'react'
import { describe, expect, test, vi } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import { axeViolations, clickAt, fillEmpty, fireNativeInput, firePaste, foreignRequests, pasteFromClipboard, typeThroughIme } from '../test/browser-helpers'
import { skipIn } from '../test/engine'
import { CodeInput, type CodeInputProps } from './code-input'
import { LocaleProvider } from './i18n/locale-provider'

function setup(props: CodeInputProps = {}) {
  const onComplete = vi.fn<(code: string) => void>()
  const view = render(<CodeInput onComplete={onComplete} {...props} />)
  const input = view.getByRole('textbox') as HTMLInputElement
  const slots = () => [...view.container.querySelectorAll<HTMLElement>('[data-part="slot"]')]
  const shown = () => slots().map((s) => s.textContent).join('')
  const activeSlot = () => slots().findIndex((s) => s.hasAttribute('data-active'))
  return { ...view, input, slots, shown, activeSlot, onComplete }
}

// The active box follows the input's selection, which Firefox reports by an asynchronous
// `selectionchange`: read after a key or click, it is waited for (under load it came late).
describe('CodeInput: one real input', () => {
  test('is one labelled textbox for one-time codes, described by where the code went', () => {
    const { input, slots } = setup({ address: '+233 •• ••• 4567' })
    expect(input.type).toBe('text')
    expect(input.inputMode).toBe('numeric')
    // The attribute, not the `autocomplete` property: Firefox reads the property as "" for one-time-code.
    expect(input.getAttribute('autocomplete')).toBe('one-time-code')
    expect(input.getAttribute('pattern')).toBe('\\d*')
    expect(input.labels?.[0]?.textContent).toBe('Verification code')
    const description = document.getElementById(input.getAttribute('aria-describedby') ?? '')
    expect(description?.textContent).toContain('Enter the 6-digit code sent to')
    expect(description?.textContent).toContain('+233 •• ••• 4567')
    expect(slots()).toHaveLength(6)
    expect(slots().every((s) => s.getAttribute('aria-hidden') === 'true' || s.closest('[aria-hidden="true"]'))).toBe(true)
  })

  test('an input event carrying the whole code (iOS autofill) fills every box and completes once', async () => {
    const { input, shown, onComplete, container } = setup()
    act(() => fireNativeInput(input, '123456'))
    expect(input.value).toBe('123456')
    expect(shown()).toBe('123456')
    expect(container.firstElementChild?.getAttribute('data-state')).toBe('complete')
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(onComplete).toHaveBeenCalledWith('123456')
  })

  test('autofill over a partly typed code replaces it', async () => {
    const { input, shown, onComplete } = setup()
    await userEvent.type(input, '98')
    act(() => fireNativeInput(input, '123456'))
    expect(shown()).toBe('123456')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
  })

  test.each([
    ['Arabic-Indic digits with a space', '١٢٣ ٤٥٦'],
    ['a dash', '123-456'],
    ['a sentence', 'Your code is 123456'],
    ['a trailing newline', '123456\n'],
  ])('pasting %s from the clipboard gives the code', async (_, text) => {
    const { input, shown, onComplete } = setup()
    await pasteFromClipboard(input, text)
    expect(input.value).toBe('123456')
    expect(shown()).toBe('123456')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
  })

  test.each([
    ['two codes of its length', 'Order 123456 shipped, ref 654321', '654321'],
    ['an amount beside the code', 'Pay NGN 500000 to 123456 today', '123456'],
  ])('a pasted code guessed among other numbers (%s) fills the field but never completes by itself', async (_, text, code) => {
    const onValueChange = vi.fn<(value: string, details: { guessed: boolean }) => void>()
    const { input, shown, onComplete } = setup({ onValueChange })
    await pasteFromClipboard(input, text)
    expect(shown()).toBe(code)
    expect(onValueChange).toHaveBeenLastCalledWith(code, { guessed: true })
    expect(onComplete).not.toHaveBeenCalled()
    // The same code as the one number of its length in a message is sure, and completes.
    await userEvent.clear(input)
    await pasteFromClipboard(input, `Your code: ${code}. It expires in 10 minutes`)
    expect(onValueChange).toHaveBeenLastCalledWith(code, { guessed: false })
    expect(onComplete).toHaveBeenCalledExactlyOnceWith(code)
  })

  test('a paste event dispatched by script (a password manager) is read too', () => {
    const { input, onComplete } = setup()
    act(() => {
      firePaste(input, 'Code: 24-68-02')
    })
    expect(input.value).toBe('246802')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('246802')
  })

  test('dropped text is read like a paste', () => {
    const { input, onComplete } = setup()
    const data = new DataTransfer()
    data.setData('text/plain', '  98 76 54 ')
    act(() => {
      input.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
    })
    expect(input.value).toBe('987654')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('987654')
  })

  test.skipIf(skipIn(['webkit'], 'WebKitGTK has no navigator.credentials to stand WebOTP in for'))('WebOTP (Chrome on Android) fills the code where the browser has it', async () => {
    // Desktop Chromium has no WebOTP: stand in for the browser API the way Android Chrome exposes it.
    const w = window as unknown as { OTPCredential?: unknown }
    w.OTPCredential = {}
    const get = vi.spyOn(navigator.credentials, 'get').mockResolvedValue({ code: '٤٤٥٥٦٦' } as unknown as Credential)
    try {
      const { input, onComplete } = setup()
      await expect.poll(() => input.value).toBe('445566')
      expect(onComplete).toHaveBeenCalledExactlyOnceWith('445566')
      expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }))
    } finally {
      get.mockRestore()
      delete w.OTPCredential
    }
  })

  test('a whole-code autofill carrying a sentence is read too', () => {
    const { input, onComplete } = setup()
    act(() => fireNativeInput(input, 'Your code is 654321'))
    expect(input.value).toBe('654321')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('654321')
  })

  test('typing fills box by box and skips what is not a digit', async () => {
    const { input, shown, onComplete, activeSlot } = setup()
    await userEvent.type(input, '12a')
    expect(shown()).toBe('12')
    await expect.poll(activeSlot).toBe(2)
    expect(onComplete).not.toHaveBeenCalled()
    await userEvent.type(input, '٣٤56')
    expect(shown()).toBe('123456')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
  })

  test('the same complete code does not submit twice; a different one does', async () => {
    const { input, onComplete } = setup()
    await userEvent.type(input, '123456')
    expect(onComplete).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('{Backspace}')
    expect(input.value).toBe('12345')
    await userEvent.keyboard('6')
    expect(input.value).toBe('123456')
    expect(onComplete).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('{Backspace}7')
    expect(input.value).toBe('123457')
    expect(onComplete).toHaveBeenCalledTimes(2)
    expect(onComplete).toHaveBeenLastCalledWith('123457')
  })

  test('arrow keys, Home and End move between boxes; typing replaces the selected digit', async () => {
    const { input, activeSlot } = setup()
    await userEvent.type(input, '1234')
    await expect.poll(activeSlot).toBe(4)
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}')
    await expect.poll(activeSlot).toBe(2)
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 3])
    await userEvent.keyboard('9')
    expect(input.value).toBe('1294')
    await expect.poll(activeSlot).toBe(3)
    await userEvent.keyboard('{Home}')
    await expect.poll(activeSlot).toBe(0)
    await userEvent.keyboard('{End}')
    await expect.poll(activeSlot).toBe(4)
    await userEvent.keyboard('{ArrowRight}')
    await expect.poll(activeSlot).toBe(4)
  })

  test('Backspace deletes the digit before the caret or the selected one; Delete the selected one', async () => {
    const { input, activeSlot } = setup()
    await userEvent.type(input, '123456')
    await expect.poll(activeSlot).toBe(5)
    await userEvent.keyboard('{Backspace}')
    expect(input.value).toBe('12345')
    await expect.poll(activeSlot).toBe(5)
    await userEvent.keyboard('{Backspace}')
    expect(input.value).toBe('1234')
    await expect.poll(activeSlot).toBe(4)
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{Backspace}')
    expect(input.value).toBe('124')
    await expect.poll(activeSlot).toBe(1)
    await userEvent.keyboard('{Delete}')
    expect(input.value).toBe('14')
    await expect.poll(activeSlot).toBe(1)
  })

  test('clicking a box selects it', async () => {
    const { input, slots, activeSlot } = setup()
    await userEvent.type(input, '1234')
    const second = slots()[1]
    if (!second) throw new Error('no slot')
    const rect = second.getBoundingClientRect()
    await userEvent.click(input, clickAt(input, rect.left - input.getBoundingClientRect().left + rect.width / 2, 5))
    await expect.poll(activeSlot).toBe(1)
    await userEvent.keyboard('7')
    expect(input.value).toBe('1734')
  })

  test('honours length 4 to 10 and rejects other lengths', async () => {
    const four = setup({ length: 4 })
    expect(four.slots()).toHaveLength(4)
    act(() => fireNativeInput(four.input, '98765'))
    expect(four.input.value).toBe('9876')
    // Four digits cut from five are a guess: shown, never submitted by themselves.
    expect(four.onComplete).not.toHaveBeenCalled()
    act(() => fireNativeInput(four.input, '1234'))
    expect(four.onComplete).toHaveBeenCalledExactlyOnceWith('1234')
    four.unmount()
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<CodeInput length={3} />)).toThrow(RangeError)
    expect(() => render(<CodeInput length={11} />)).toThrow(RangeError)
    spy.mockRestore()
  })

  test('masked, invalid, disabled and loading states', async () => {
    const masked = setup({ mask: true, defaultValue: '12' })
    expect(masked.shown()).toBe('••')
    expect(masked.input.value).toBe('12')
    masked.unmount()

    const invalid = setup({ error: 'Wrong code. 4 attempts left.' })
    expect(invalid.input.getAttribute('aria-invalid')).toBe('true')
    expect(invalid.container.firstElementChild?.hasAttribute('data-invalid')).toBe(true)
    const ids = (invalid.input.getAttribute('aria-describedby') ?? '').split(' ')
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain('Wrong code. 4 attempts left.')
    invalid.unmount()

    const disabled = setup({ disabled: true })
    expect(disabled.input.disabled).toBe(true)
    expect(disabled.container.firstElementChild?.hasAttribute('data-disabled')).toBe(true)
    disabled.unmount()

    const loading = setup({ loading: true, defaultValue: '123456' })
    expect(loading.input.getAttribute('aria-busy')).toBe('true')
    expect(loading.input.readOnly).toBe(true)
    expect(loading.getByRole('status').textContent).toBe('Checking the code…')
    await userEvent.type(loading.input, '{Backspace}9')
    expect(loading.input.value).toBe('123456')
    expect(loading.onComplete).not.toHaveBeenCalled()
  })

  test('controlled: the value prop wins and changes are reported normalized', async () => {
    const seen: string[] = []
    function Controlled() {
      const [code, setCode] = useState('')
      return (
        <>
          <CodeInput value={code} onValueChange={(v) => { seen.push(v); setCode(v) }} />
          <button type="button" onClick={() => setCode('٠٠١١')}>set</button>
        </>
      )
    }
    const view = render(<Controlled />)
    const input = view.getByRole('textbox') as HTMLInputElement
    await userEvent.type(input, '12')
    expect(seen).toEqual(['1', '12'])
    await userEvent.click(view.getByRole('button'))
    expect(input.value).toBe('0011')
  })
})

describe('CodeInput: edits the way people make them (issue #26)', () => {
  // Chromium through its IME bridge; Firefox and WebKit through the IME's events (see typeThroughIme).
  test('full-width digits typed through an IME fill one box each (they were doubled: 1122)', async () => {
    const { input, shown, onComplete } = setup()
    input.focus()
    await typeThroughIme(input, ['１', '２'])
    await expect.poll(() => input.value).toBe('12')
    expect(shown()).toBe('12')
    await typeThroughIme(input, ['３', '４', '５', '６'])
    await expect.poll(() => input.value).toBe('123456')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
  })

  test("a keyboard's code suggestion (the whole code inserted at once by the engine) fills every box", async () => {
    const { input, shown, onComplete } = setup()
    input.focus()
    // As Gboard inserts a code it read from an SMS: one insertion, made by the engine itself.
    expect(document.execCommand('insertText', false, '123456')).toBe(true)
    await expect.poll(() => input.value).toBe('123456')
    expect(shown()).toBe('123456')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
  })

  test("password managers' opt-out attributes reach the real input (docs: autofill guide)", () => {
    const { input } = setup({ 'data-1p-ignore': true, 'data-lpignore': 'true', 'data-bwignore': true } as CodeInputProps)
    expect(input.hasAttribute('data-1p-ignore')).toBe(true)
    expect(input.getAttribute('data-lpignore')).toBe('true')
    expect(input.hasAttribute('data-bwignore')).toBe(true)
  })

  test.each([
    ['input.select()', (input: HTMLInputElement) => input.select()],
    ['setSelectionRange over every digit', (input: HTMLInputElement) => input.setSelectionRange(0, input.value.length)],
  ])('a selection made without the keyboard (%s) is what Backspace and Delete remove', async (_, selectAll) => {
    const { input, shown } = setup()
    await userEvent.type(input, '123456')
    selectAll(input)
    await userEvent.keyboard('{Backspace}')
    expect(input.value).toBe('')
    expect(shown()).toBe('')
    await userEvent.type(input, '1234')
    selectAll(input)
    await userEvent.keyboard('{Delete}')
    expect(input.value).toBe('')
  })

  test("a test tool's fill('') empties the field", async () => {
    const { input, shown } = setup()
    await userEvent.type(input, '123456')
    await fillEmpty(input)
    expect(input.value).toBe('')
    expect(shown()).toBe('')
    await userEvent.fill(input, '654321')
    expect(input.value).toBe('654321')
  })
})

// Speech-input users (Voice Control, Dragon) say the words they see: the field's accessible name
// must hold a visible label's text (WCAG 2.5.3). The names are the engine's own (Chromium's
// accessibility tree, WebKit's WebDriver computed label); Firefox has no such API here.
describe.skipIf(skipIn(['firefox'], 'no API to read the engine-computed accessible name'))('CodeInput: a label people can see and say', () => {
  test('by default the label is shown, and it is the accessible name', async () => {
    const { input } = setup()
    const label = input.labels?.[0]
    const box = label?.getBoundingClientRect()
    expect(label?.getAttribute('data-part')).toBe('label')
    expect(box && box.width > 40 && box.height > 10).toBe(true)
    expect(label && getComputedStyle(label).clipPath).toBe('none')
    expect(await commands.accessibleNames('[data-part="input"]')).toEqual(['Verification code'])
  })

  test('hideLabel beside the page\'s own visible text: aria-labelledby makes that text the name', async () => {
    render(
      <>
        <h2 id="code-heading">Enter the code we texted you</h2>
        <CodeInput hideLabel aria-labelledby="code-heading" />
      </>,
    )
    expect(await commands.accessibleNames('[data-part="input"]')).toEqual(['Enter the code we texted you'])
  })

  test('hideLabel with the app\'s own <label htmlFor>: the visible words are in the name', async () => {
    render(
      <>
        <label htmlFor="sms-code">Code from the SMS</label>
        <CodeInput id="sms-code" hideLabel />
      </>,
    )
    const [name] = await commands.accessibleNames('[data-part="input"]')
    expect(name).toContain('Code from the SMS')
  })
})

describe('CodeInput: right-to-left pages', () => {
  test.each(['ar', 'he'])('reads left to right in %s', async (locale) => {
    const view = render(
      <div dir="rtl" lang={locale} style={{ padding: 16, width: 420 }}>
        <LocaleProvider locale={locale}>
          <CodeInput defaultValue="123456" address="+233 •• ••• 4567" />
        </LocaleProvider>
      </div>,
    )
    const input = view.getByRole('textbox') as HTMLInputElement
    const root = view.container.querySelector<HTMLElement>('.hakiki-code')
    // Right to left once the locale's messages are there (until then the field stays English, ltr).
    await expect.poll(() => root?.getAttribute('dir')).toBe('rtl')
    expect(getComputedStyle(input).direction).toBe('ltr')
    const slots = [...view.container.querySelectorAll<HTMLElement>('[data-part="slot"]')]
    expect(slots.map((s) => getComputedStyle(s).direction)).toEqual(Array(6).fill('ltr'))
    const xs = slots.map((s) => s.getBoundingClientRect().left)
    expect(xs).toEqual(xs.toSorted((a, b) => a - b))
    expect(slots.map((s) => s.textContent).join('')).toBe('123456')
    expect(await axeViolations(view.container)).toEqual([])
    await page.screenshot({ path: `../__screenshots__/code-input-${locale}.png`, element: view.container })
  })
})

describe('CodeInput with react-hook-form', () => {
  test('register: typing, paste, setValue and reset', async () => {
    let form!: UseFormReturn<{ code: string }>
    function Form() {
      form = useForm<{ code: string }>({ defaultValues: { code: '' } })
      return (
        <form>
          <CodeInput {...form.register('code', { required: true, minLength: 6 })} />
        </form>
      )
    }
    const view = render(<Form />)
    const input = view.getByRole('textbox') as HTMLInputElement
    const shown = () => [...view.container.querySelectorAll('[data-part="slot"]')].map((s) => s.textContent).join('')
    await userEvent.type(input, '12a3')
    expect(form.getValues('code')).toBe('123')
    act(() => {
      firePaste(input, 'Your code is 765432')
    })
    expect(form.getValues('code')).toBe('765432')
    act(() => form.setValue('code', '111 222'))
    expect(shown()).toBe('111222')
    act(() => form.reset())
    expect(shown()).toBe('')
    expect(input.value).toBe('')
    act(() => form.reset({ code: '424242' }))
    expect(shown()).toBe('424242')
    await userEvent.type(input, '{Backspace}')
    expect(form.getValues('code')).toBe('42424')
    input.blur()
    await act(() => form.trigger('code'))
    expect(form.formState.errors.code?.type).toBe('minLength')
  })

  // What Playwright's Firefox (WebDriver BiDi) does for a character no key of the layout makes, and
  // what autofill scripts do: write the `value` property (not the native setter), then dispatch a
  // bare `input` event, with no keydown or beforeinput. React's value tracker sees the write, so
  // without help React reported no change and the form kept "".
  test.each(['controlled (Controller)', 'registered'])('%s: a script that writes `value` and fires a bare input event is read as an edit', async (kind) => {
    let form!: UseFormReturn<{ code: string }>
    const onComplete = vi.fn<(code: string) => void>()
    function Form() {
      form = useForm<{ code: string }>({ defaultValues: { code: '' } })
      return kind === 'registered' ? (
        <CodeInput {...form.register('code')} onComplete={onComplete} />
      ) : (
        <Controller control={form.control} name="code" render={({ field }) => <CodeInput {...field} onComplete={onComplete} />} />
      )
    }
    const view = render(<Form />)
    const input = view.getByRole('textbox') as HTMLInputElement
    const shown = () => [...view.container.querySelectorAll('[data-part="slot"]')].map((s) => s.textContent).join('')
    input.focus()
    for (const digit of '٠٩٨٧٦٥') {
      act(() => {
        const start = input.selectionStart ?? input.value.length
        input.value = input.value.slice(0, start) + digit + input.value.slice(input.selectionEnd ?? start)
        input.dispatchEvent(new InputEvent('input', { data: digit, bubbles: true, composed: true }))
      })
    }
    expect(form.getValues('code')).toBe('098765')
    expect(shown()).toBe('098765')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('098765')
  })

  test('Controller: typing, setValue, reset and focus through the forwarded ref', async () => {
    let form!: UseFormReturn<{ code: string }>
    function Form() {
      form = useForm<{ code: string }>({ defaultValues: { code: '' } })
      return <Controller control={form.control} name="code" render={({ field }) => <CodeInput {...field} />} />
    }
    const view = render(<Form />)
    const input = view.getByRole('textbox') as HTMLInputElement
    await userEvent.type(input, '٠٩٨٧')
    expect(form.getValues('code')).toBe('0987')
    input.blur()
    act(() => form.setFocus('code'))
    // react-hook-form focuses on a timer.
    await expect.poll(() => document.activeElement).toBe(input)
    act(() => form.setValue('code', '555555'))
    expect(input.value).toBe('555555')
    act(() => form.reset())
    expect(input.value).toBe('')
  })
})

describe('CodeInput in Strict Mode', () => {
  test('register, setValue and reset still reach the boxes after the simulated remount', async () => {
    let form!: UseFormReturn<{ code: string }>
    function Form() {
      form = useForm<{ code: string }>({ defaultValues: { code: '987654' } })
      return (
        <form>
          <CodeInput {...form.register('code')} />
        </form>
      )
    }
    const view = render(
      <StrictMode>
        <Form />
      </StrictMode>,
    )
    const input = view.getByRole('textbox') as HTMLInputElement
    const shown = () => [...view.container.querySelectorAll('[data-part="slot"]')].map((s) => s.textContent).join('')
    expect(shown()).toBe('987654')
    act(() => form.setValue('code', '123123'))
    expect(shown()).toBe('123123')
    act(() => form.reset())
    expect(shown()).toBe('987654')
    expect(input.value).toBe('987654')
  })
})

describe('CodeInput accessibility and privacy', () => {
  test('no axe violations in the dark theme', async () => {
    const view = render(
      <div data-theme="dark" className="hakiki" style={{ background: 'var(--hakiki-color-bg)', padding: 16 }}>
        <CodeInput address="+233 •• ••• 4567" defaultValue="12" error="Wrong code." />
      </div>,
    )
    const slot = view.container.querySelector('[data-part="slot"]')
    expect(slot && getComputedStyle(slot).backgroundColor).toBe('rgb(22, 25, 29)')
    expect(await axeViolations(view.container)).toEqual([])
  })

  test.each<[string, CodeInputProps]>([
    ['default', {}],
    ['invalid', { error: 'Wrong code.', defaultValue: '123456' }],
    ['disabled', { disabled: true }],
    ['loading', { loading: true, defaultValue: '123456' }],
  ])('no axe violations: %s', async (_, props) => {
    const view = render(<CodeInput address="+233 •• ••• 4567" {...props} />)
    expect(await axeViolations(view.container)).toEqual([])
  })

  test('no request leaves the page origin', async () => {
    const { input } = setup()
    await userEvent.type(input, '123456')
    expect(foreignRequests()).toEqual([])
  })
})
