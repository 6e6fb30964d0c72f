import type { ApiLocale } from '@hakiki/core'
import type { Messages } from './messages-en'

/** A translation module: `messages-<locale>.ts` exports its messages as `messages`. */
export interface MessagesModule {
  /** The locale's messages; a key left out falls back to English. */
  readonly messages: Partial<Messages>
}

/**
 * Loads the messages of `locale`; resolves to an empty object for English (bundled, the fallback
 * of every key) and for a value that is not an API locale, so that English shows instead.
 */
export async function loadMessages(locale: ApiLocale): Promise<Partial<Messages>> {
  if (locale === 'en') return {}
  // The loaders are a chunk of their own: a page in English never fetches them.
  const { LOADERS } = await import('./message-loaders')
  // `Object.hasOwn`, not `in`: a caller's unchecked string such as "constructor" must not reach
  // the prototype.
  const loader = Object.hasOwn(LOADERS, locale) ? LOADERS[locale as Exclude<ApiLocale, 'en'>] : undefined
  return loader ? (await loader()).messages : {}
}
