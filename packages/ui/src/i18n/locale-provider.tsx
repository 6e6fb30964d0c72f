'use client'
import { localeDirection, toApiLocale, toLanguageTag, type ApiLocale } from '@hakiki/core'
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
 * Sets the language and text direction of every Hakiki component inside it. Nothing waits on the
 * network to render, and no English is ever shown marked as another language: until a locale's
 * messages have loaded (and for good if they fail to load), the components keep the language they
 * last showed (English with `lang="en"` at first), unless the app handed over the locale's
 * messages itself (`messages`, e.g. loaded on the server with `loadMessages`), which show at once.
 */
export function LocaleProvider({ locale = 'en', messages, loadMessages: load = loadMessages, children }: LocaleProviderProps): ReactNode {
  const api = toApiLocale(locale) ?? 'en'
  const [loaded, setLoaded] = useState<{ locale: ApiLocale; messages: Partial<Messages> }>()

  useEffect(() => {
    if (api === 'en') return
    let current = true
    load(api).then(
      (m) => current && setLoaded({ locale: api, messages: m }),
      // A failed chunk load keeps the language shown so far rather than breaking the form.
      (error: unknown) => console.warn(`@hakiki/ui: could not load messages for "${api}"`, error),
    )
    return () => {
      current = false
    }
  }, [api, load])

  // The language shown: the one asked for once its words are here (English is bundled; messages
  // the app handed over count), else the last one loaded, else English. A screen reader picks its
  // voice by `lang`: English words under `lang="ar"` would be read with Arabic rules.
  const handed = messages !== undefined && Object.keys(messages).length > 0
  const shown: ApiLocale = api === 'en' || handed || loaded?.locale === api ? api : (loaded?.locale ?? 'en')
  const shownMessages = loaded?.locale === shown ? loaded.messages : undefined
  const region = useMemo(() => regionOf(locale), [locale])
  const value = useMemo((): LocaleValue => {
    // Tag and direction only: the language names of core's `LOCALES` are the locale picker's.
    return { locale: api, requestedTag: toLanguageTag(api), tag: toLanguageTag(shown), dir: localeDirection(shown), region, messages: { ...shownMessages, ...messages } }
  }, [api, shown, region, shownMessages, messages])
  return <LocaleContextProvider value={value}>{children}</LocaleContextProvider>
}
