import type { ApiLocale } from '@hakiki/core'
import { createContext, useContext } from 'react'
import { formatMessage, type MessageValues } from './format-message'
import { messagesEn, type MessageKey, type Messages } from './messages-en'

/** What every component reads to speak the user's language. */
export interface LocaleValue {
  /** The locale as the Verify API spells it (`pr-BR`). */
  readonly locale: ApiLocale
  /** The BCP-47 tag for `Intl` and the `lang` attribute (`pt-BR`). */
  readonly tag: string
  /**
   * Text direction of the locale, or `undefined` when no {@link LocaleProvider} sets one: the
   * components then inherit the page's `dir` instead of forcing left-to-right on it.
   */
  readonly dir: 'ltr' | 'rtl' | undefined
  /** The messages in force: the locale's, over English for any key not yet loaded, under overrides. */
  readonly messages: Messages
  /** Formats the message `key` with `values` (plural by `values.count`). */
  readonly t: (key: MessageKey, values?: MessageValues) => string
}

/** Builds a {@link LocaleValue}; `t` closes over the messages so components need no extra hook. */
export function createLocaleValue(locale: ApiLocale, tag: string, dir: LocaleValue['dir'], messages: Messages): LocaleValue {
  return { locale, tag, dir, messages, t: (key, values) => formatMessage(tag, messages[key], values) }
}

// Without a provider the components speak English and follow the page's direction.
const LocaleContext = createContext<LocaleValue>(createLocaleValue('en', 'en', undefined, messagesEn))

/** The provider side of the locale context, for {@link LocaleProvider}. */
export const LocaleContextProvider = LocaleContext.Provider

/** The current locale, its direction and a message formatter `t(key, values)`. */
export function useLocale(): LocaleValue {
  return useContext(LocaleContext)
}
