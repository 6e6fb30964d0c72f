'use client'
import type { ApiLocale } from '@hakiki/core'
import { createContext, useContext } from 'react'
import { formatMessage, type MessageValues } from './format-message'
import type { MessageKey, Messages } from './messages-en'

/** What every component reads to speak the user's language. */
export interface LocaleValue {
  /** The locale the app asked for, as the Verify API spells it (`pr-BR`). */
  readonly locale: ApiLocale
  /**
   * The BCP-47 tag of the locale the app asked for (`pt-BR`): the language codes are sent in. The
   * same as `tag` once that locale's messages are shown.
   */
  readonly requestedTag: string
  /**
   * The BCP-47 tag of the language shown now, for `Intl` and the `lang` attribute (`pt-BR`). While
   * the asked-for locale's messages load, the language shown before (English at first).
   */
  readonly tag: string
  /**
   * Text direction of the language shown, or `undefined` when no {@link LocaleProvider} sets one:
   * the components then inherit the page's `dir` instead of forcing left-to-right on it.
   */
  readonly dir: 'ltr' | 'rtl' | undefined
  /**
   * The region of the locale the app asked for ("GH" for `en-GH`), else where its language is
   * most spoken ("TZ" for `sw`); `undefined` without a provider. The phone field starts in this
   * country when it is offered and no `defaultCountry` is given.
   */
  readonly region?: string | undefined
  /** The shown language's messages as loaded, under the app's overrides; English fills what is missing. */
  readonly messages: Partial<Messages>
}

// Without a provider the components speak English and follow the page's direction.
const LocaleContext = createContext<LocaleValue>({ locale: 'en', requestedTag: 'en', tag: 'en', dir: undefined, messages: {} })

/** The provider side of the locale context, for {@link LocaleProvider}. */
export const LocaleContextProvider = LocaleContext.Provider

/** The current locale, its direction and its messages. */
export function useLocale(): LocaleValue {
  return useContext(LocaleContext)
}

/** Formats a message: plural form by `values.count`, `{name}` placeholders filled. */
export type Translate<K extends MessageKey> = (key: K, values?: MessageValues) => string

/**
 * A message formatter for one component: the locale's message for `key`, else the component's
 * English `defaults` (its group of `messages-en.ts`, so that it bundles no other strings).
 */
export function useMessages<K extends MessageKey>(defaults: Pick<Messages, K>): Translate<K> {
  return translator(useContext(LocaleContext), defaults)
}

/**
 * {@link useMessages} outside a render: the formatter of `locale` (what `useLocale()` gave) with
 * `defaults` as the English fallback, for words worded in a module loaded later than the hooks ran.
 */
export function translator<K extends MessageKey>(locale: Pick<LocaleValue, 'tag' | 'messages'>, defaults: Pick<Messages, K>): Translate<K> {
  const { tag, messages } = locale
  return (key, values) => formatMessage(tag, messages[key] ?? defaults[key], values)
}
