import type { ApiLocale } from '@hakiki/core'
import type { Messages } from './messages-en'

/** A translation module: `messages-<locale>.ts` exports its messages as `messages`. */
export interface MessagesModule {
  /** The locale's messages; a key left out falls back to English. */
  readonly messages: Partial<Messages>
}

/**
 * One lazy loader per translated locale. Each is a literal `import()` so that every bundler
 * splits each translation into its own chunk: English is bundled, the others are fetched from
 * the app's own origin only when that locale is shown. Add one line per `messages-<locale>.ts`.
 */
const LOADERS: Partial<Record<ApiLocale, () => Promise<MessagesModule>>> = {}

/**
 * Loads the messages of `locale`; resolves to an empty object for English and for a locale with
 * no translation yet, so that English shows instead.
 */
export async function loadMessages(locale: ApiLocale): Promise<Partial<Messages>> {
  const loader = LOADERS[locale]
  return loader ? (await loader()).messages : {}
}
