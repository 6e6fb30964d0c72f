import { formatMessage } from './format-message'
import type { LocaleValue, Translate } from './locale-context'
import type { MessageKey, Messages } from './messages-en'

/**
 * `useMessages` outside a render: the formatter of `locale` (what `useLocale()` gave) with
 * `defaults` as the English fallback, for words worded in a chunk loaded after the hooks ran
 * (`flow/step-text.ts`). A module of its own, not beside the hook: esbuild would put it in the
 * chunk every component shares with that one.
 */
export function translator<K extends MessageKey>(locale: Pick<LocaleValue, 'tag' | 'messages'>, defaults: Pick<Messages, K>): Translate<K> {
  const { tag, messages } = locale
  return (key, values) => formatMessage(tag, messages[key] ?? defaults[key], values)
}
