import type { Message } from './messages-en'

/** Values a message may interpolate; numbers are formatted for the locale. */
export type MessageValues = Readonly<Record<string, string | number>>

// Intl constructors are costly; a page shows few locales, so caching by tag is bounded in practice.
const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

function cached<T>(cache: Map<string, T>, tag: string, make: () => T): T {
  let hit = cache.get(tag)
  if (!hit) cache.set(tag, (hit = make()))
  return hit
}

const PLACEHOLDER = /\{(\w+)\}/g

/**
 * Formats one message: picks the plural form for `values.count` with `Intl.PluralRules` of `tag`,
 * then replaces `{name}` placeholders. Written here instead of taking an ICU MessageFormat library
 * (10 kB and more): plural objects plus `{name}` cover every string of the kit, Arabic's six
 * plural forms included, in a few lines.
 *
 * @param tag BCP-47 language tag (`ar`, `pt-BR`).
 */
export function formatMessage(tag: string, message: Message, values: MessageValues = {}): string {
  let text: string
  if (typeof message === 'string') text = message
  else {
    const count = Number(values['count'] ?? 0)
    const category = cached(pluralRules, tag, () => new Intl.PluralRules(tag)).select(count)
    text = message[category] ?? message.other
  }
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name]
    if (value === undefined) return whole
    return typeof value === 'number' ? cached(numberFormats, tag, () => new Intl.NumberFormat(tag)).format(value) : value
  })
}
