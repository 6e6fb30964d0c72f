'use client'
import { getLocaleInfo, toApiLocale, type ApiLocale } from '@hakiki/core'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { loadMessages } from './load-messages'
import { LocaleContextProvider, type LocaleValue } from './locale-context'
import type { Messages } from './messages-en'

/** Props of {@link LocaleProvider}. */
export interface LocaleProviderProps {
  /**
   * The language of the UI: a BCP-47 tag (`pt-BR`, `fr-CA`, `ar`) or the API's own spelling
   * (`pr-BR`). A tag the API lacks falls back to its language, then to English.
   * @default 'en'
   */
  locale?: string
  /** Messages that replace the locale's own, key by key (your product's wording). */
  messages?: Partial<Messages>
  /**
   * Loads a locale's messages. Defaults to the bundled translations, fetched lazily by dynamic
   * `import()`; pass your own to serve translations from elsewhere.
   */
  loadMessages?: (locale: ApiLocale) => Promise<Partial<Messages>>
  /** The components that speak this language. */
  children?: ReactNode
}

/** The region of BCP-47 `tag`, or the likely one of its language; `undefined` for a tag Intl refuses. */
function regionOf(tag: string): string | undefined {
  try {
    const locale = new Intl.Locale(tag)
    return locale.region ?? locale.maximize().region
  } catch {
    return undefined
  }
}

/**
 * Sets the language and text direction of every Hakiki component inside it. English shows until
 * another locale's messages have loaded, so nothing waits on the network to render.
 */
export function LocaleProvider({ locale = 'en', messages, loadMessages: load = loadMessages, children }: LocaleProviderProps): ReactNode {
  const api = toApiLocale(locale) ?? 'en'
  const info = getLocaleInfo(api)
  const [loaded, setLoaded] = useState<{ locale: ApiLocale; messages: Partial<Messages> }>()

  useEffect(() => {
    if (api === 'en') return
    let current = true
    load(api).then(
      (m) => current && setLoaded({ locale: api, messages: m }),
      // A failed chunk load leaves English in place rather than breaking the form.
      (error: unknown) => console.warn(`@hakiki/ui: could not load messages for "${api}"`, error),
    )
    return () => {
      current = false
    }
  }, [api, load])

  const localeMessages = loaded?.locale === api ? loaded.messages : undefined
  const region = useMemo(() => regionOf(locale), [locale])
  const value = useMemo(
    (): LocaleValue => ({ locale: api, tag: info?.tag ?? 'en', dir: info?.dir ?? 'ltr', region, messages: { ...localeMessages, ...messages } }),
    [api, info, region, localeMessages, messages],
  )
  return <LocaleContextProvider value={value}>{children}</LocaleContextProvider>
}
