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
  const { locale, requestedTag, tag, dir } = useLocale()
  return <output aria-label="probe">{`${locale}|${requestedTag}|${tag}|${dir ?? 'inherit'}`}</output>
}

/** A loader whose answers the test hands over, one locale at a time. */
function controlledLoader() {
  const pending = new Map<string, { resolve: (m: Partial<Messages>) => void; reject: (e: Error) => void }>()
  const load = vi.fn<(locale: string) => Promise<Partial<Messages>>>(
    (locale) =>
      new Promise<Partial<Messages>>((resolve, reject) => {
        pending.set(locale, { resolve, reject })
      }),
  )
  return {
    load,
    resolve: (locale: string, messages: Partial<Messages>) => act(async () => pending.get(locale)?.resolve(messages)),
    reject: (locale: string) => act(async () => pending.get(locale)?.reject(new Error('offline'))),
  }
}

const label = () => (screen.getByRole('textbox') as HTMLInputElement).labels?.[0]?.textContent
const root = () => screen.getByRole('textbox').closest('.hakiki-code') as HTMLElement

describe('LocaleProvider', () => {
  test('maps browser tags to API locales and sets the direction once the messages are there', async () => {
    const view = render(
      <>
        <LocaleProvider locale="pt-BR"><Probe /></LocaleProvider>
        <LocaleProvider locale="he-IL"><Probe /></LocaleProvider>
        <LocaleProvider locale="xx"><Probe /></LocaleProvider>
      </>,
    )
    const probes = () => view.getAllByLabelText('probe').map((o) => o.textContent)
    // At once: the locale asked for is known (codes are sent in it), English is what shows.
    expect(probes()).toEqual(['pr-BR|pt-BR|en|ltr', 'he|he|en|ltr', 'en|en|en|ltr'])
    await expect.poll(probes).toEqual(['pr-BR|pt-BR|pt-BR|ltr', 'he|he|he|rtl', 'en|en|en|ltr'])
  })

  test('no English under a foreign lang: English with lang="en" until the locale loads, then the locale with its own', async () => {
    const { load, resolve } = controlledLoader()
    render(
      <LocaleProvider locale="ar" loadMessages={load}>
        <CodeInput />
      </LocaleProvider>,
    )
    expect(load).toHaveBeenCalledExactlyOnceWith('ar')
    expect([label(), root().lang, root().dir]).toEqual(['Verification code', 'en', 'ltr'])
    await resolve('ar', { 'code.label': 'رمز التحقق' })
    expect([label(), root().lang, root().dir]).toEqual(['رمز التحقق', 'ar', 'rtl'])
  })

  test('a change of language keeps the previous one, words and direction, until the new one is there', async () => {
    const { load, resolve } = controlledLoader()
    const view = render(
      <LocaleProvider locale="fr" loadMessages={load}>
        <CodeInput />
      </LocaleProvider>,
    )
    await resolve('fr', { 'code.label': 'Code de vérification' })
    expect([label(), root().lang]).toEqual(['Code de vérification', 'fr'])
    view.rerender(
      <LocaleProvider locale="he" loadMessages={load}>
        <CodeInput />
      </LocaleProvider>,
    )
    expect([label(), root().lang, root().dir]).toEqual(['Code de vérification', 'fr', 'ltr'])
    await resolve('he', { 'code.label': 'קוד אימות' })
    expect([label(), root().lang, root().dir]).toEqual(['קוד אימות', 'he', 'rtl'])
  })

  test('a failed load keeps the language shown so far, for good, and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { load, resolve, reject } = controlledLoader()
    const view = render(
      <LocaleProvider locale="de" loadMessages={load}>
        <CodeInput />
      </LocaleProvider>,
    )
    await resolve('de', { 'code.label': 'Bestätigungscode' })
    view.rerender(
      <LocaleProvider locale="ar" loadMessages={load}>
        <CodeInput />
      </LocaleProvider>,
    )
    await reject('ar')
    expect(warn).toHaveBeenCalled()
    expect([label(), root().lang, root().dir]).toEqual(['Bestätigungscode', 'de', 'ltr'])
    warn.mockRestore()
  })

  test('a failed first load keeps English, marked English', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    render(
      <LocaleProvider locale="fr" loadMessages={() => Promise.reject(new Error('offline'))}>
        <CodeInput />
      </LocaleProvider>,
    )
    await vi.waitFor(() => expect(warn).toHaveBeenCalled())
    expect([label(), root().lang]).toEqual(['Verification code', 'en'])
    warn.mockRestore()
  })

  test('messages the app hands over (loaded on the server) show at once, under their language; overrides win', async () => {
    const { load, resolve } = controlledLoader()
    render(
      <LocaleProvider locale="ar" loadMessages={load} messages={{ 'code.label': 'رمز التحقق', 'code.hint': { other: 'Custom hint' } }}>
        <CodeInput />
      </LocaleProvider>,
    )
    expect([label(), root().lang, root().dir]).toEqual(['رمز التحقق', 'ar', 'rtl'])
    await resolve('ar', { 'code.label': 'x', 'code.hint': { other: 'x' } })
    expect(label()).toBe('رمز التحقق')
    expect(screen.getByText('Custom hint')).toBeTruthy()
  })
})
