import './styles.css'
import { LOCALES, type ApiLocale } from '@hakiki/core'
import { act, render } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, test, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { axeViolations } from '../test/browser-helpers'
import { renderForm } from '../test/render-form'
import { CodeInput } from './code-input'
import { LocaleProvider } from './i18n/locale-provider'
import { LocaleSelect } from './locale-select'

/** An app whose language follows the picker. */
function App() {
  const [locale, setLocale] = useState('en')
  return (
    <LocaleProvider locale={locale} loadMessages={async () => ({})}>
      <LocaleSelect value={locale} onValueChange={setLocale} />
      <CodeInput />
    </LocaleProvider>
  )
}

describe('LocaleSelect', () => {
  test('offers the 36 locales in their own names, each marked with its language', () => {
    const view = render(<LocaleSelect />)
    const select = view.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement
    const options = [...select.options]
    expect(options).toHaveLength(36)
    expect(options.map((o) => o.value)).toEqual(LOCALES.map((l) => l.tag))
    expect(options.map((o) => o.textContent)).toEqual(LOCALES.map((l) => l.nativeName))
    expect(options.every((o) => o.lang === o.value)).toBe(true)
    expect(options.find((o) => o.value === 'ar')?.dir).toBe('rtl')
    expect(select.value).toBe('en')
  })

  test('starts on the current locale and reads the API spelling of a value', () => {
    const view = render(
      <LocaleProvider locale="fr-CA">
        <LocaleSelect />
        <LocaleSelect value="pr-BR" onChange={() => {}} />
      </LocaleProvider>,
    )
    const [first, second] = view.getAllByRole('combobox') as HTMLSelectElement[]
    expect(first?.value).toBe('fr')
    expect(second?.value).toBe('pt-BR')
  })

  test('reports the BCP-47 tag and the API locale; a subset keeps the API order', async () => {
    const onValueChange = vi.fn<(tag: string, locale: ApiLocale) => void>()
    const view = render(<LocaleSelect locales={['sw' as ApiLocale, 'pr-BR', 'en', 'ar']} onValueChange={onValueChange} />)
    const select = view.getByRole('combobox') as HTMLSelectElement
    expect([...select.options].map((o) => o.value)).toEqual(['ar', 'en', 'pt-BR'])
    await userEvent.selectOptions(select, 'pt-BR')
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('pt-BR', 'pr-BR')
  })

  test('driving a LocaleProvider turns the components right to left', async () => {
    const view = render(<App />)
    await userEvent.selectOptions(view.getByRole('combobox'), 'he')
    expect(view.container.querySelector('.hakiki-code')?.getAttribute('dir')).toBe('rtl')
    expect(view.container.querySelector('.hakiki-locale')?.getAttribute('lang')).toBe('he')
  })

  test('register (react-hook-form): picking, setValue and reset', async () => {
    const view = renderForm<{ locale: string }>({ defaultValues: { locale: 'sv' } }, (form) => <LocaleSelect {...form.register('locale')} />)
    const form = view.form()
    const select = view.getByRole('combobox') as HTMLSelectElement
    expect(select.value).toBe('sv')
    await userEvent.selectOptions(select, 'ja')
    expect(form.getValues('locale')).toBe('ja')
    act(() => form.setValue('locale', 'ko'))
    expect(select.value).toBe('ko')
    act(() => form.reset())
    expect(select.value).toBe('sv')
  })

  test.each([
    ['default', {}],
    ['hidden label', { hideLabel: true }],
    ['disabled', { disabled: true }],
  ])('no axe violations: %s', async (_, props) => {
    const view = render(<LocaleSelect {...props} />)
    expect(await axeViolations(view.container)).toEqual([])
  })
})
