import { act, render, screen } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { CodeInput } from '../code-input'
import { formatMessage } from './format-message'
import { useLocale } from './locale-context'
import { LocaleProvider } from './locale-provider'
import type { Messages } from './messages-en'

describe('formatMessage', () => {
  const arabic = { zero: 'z{count}', one: 'o{count}', two: 't{count}', few: 'f{count}', many: 'm{count}', other: 'x{count}' }

  test('picks each of the six Arabic plural forms', () => {
    const forms = [0, 1, 2, 3, 11, 100].map((count) => formatMessage('ar', arabic, { count })[0])
    expect(forms).toEqual(['z', 'o', 't', 'f', 'm', 'x'])
  })

  test('falls back to other, fills placeholders and leaves unknown ones', () => {
    expect(formatMessage('en', { other: '{count} left for {who}' }, { count: 1234, who: 'Ama' })).toBe('1,234 left for Ama')
    expect(formatMessage('en', 'Hello {name}')).toBe('Hello {name}')
    expect(formatMessage('de', { one: 'eine Stelle', other: '{count} Stellen' }, { count: 1 })).toBe('eine Stelle')
  })
})

function Probe() {
  const { locale, tag, dir } = useLocale()
  return <output aria-label="probe">{`${locale}|${tag}|${dir ?? 'inherit'}`}</output>
}

describe('LocaleProvider', () => {
  test('maps browser tags to API locales and sets the direction', () => {
    const view = render(
      <>
        <LocaleProvider locale="pt-BR"><Probe /></LocaleProvider>
        <LocaleProvider locale="he-IL"><Probe /></LocaleProvider>
        <LocaleProvider locale="xx"><Probe /></LocaleProvider>
      </>,
    )
    expect(view.getAllByLabelText('probe').map((o) => o.textContent)).toEqual(['pr-BR|pt-BR|ltr', 'he|he|rtl', 'en|en|ltr'])
  })

  test('shows English until a locale loads, then its messages; overrides win', async () => {
    let resolve!: (m: Partial<Messages>) => void
    const load = vi.fn<(locale: string) => Promise<Partial<Messages>>>((_locale) => new Promise<Partial<Messages>>((r) => (resolve = r)))
    render(
      <LocaleProvider locale="ar" loadMessages={load} messages={{ 'code.hint': { other: 'Custom hint' } }}>
        <CodeInput />
      </LocaleProvider>,
    )
    expect(load).toHaveBeenCalledExactlyOnceWith('ar')
    expect((screen.getByRole('textbox') as HTMLInputElement).labels?.[0]?.textContent).toBe('Verification code')
    await act(async () => resolve({ 'code.label': 'رمز التحقق', 'code.hint': { other: 'x' } }))
    expect((screen.getByRole('textbox') as HTMLInputElement).labels?.[0]?.textContent).toBe('رمز التحقق')
    expect(screen.getByText('Custom hint')).toBeTruthy()
    expect(screen.getByRole('textbox').closest('[dir="rtl"]')).not.toBeNull()
  })

  test('a failed load keeps English and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    render(
      <LocaleProvider locale="fr" loadMessages={() => Promise.reject(new Error('offline'))}>
        <CodeInput />
      </LocaleProvider>,
    )
    await vi.waitFor(() => expect(warn).toHaveBeenCalled())
    expect((screen.getByRole('textbox') as HTMLInputElement).labels?.[0]?.textContent).toBe('Verification code')
    warn.mockRestore()
  })
})
