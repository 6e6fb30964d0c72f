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
 * the app's own origin only when that locale is shown. Add one line per `messages-<locale>.ts`;
 * the type lists every API locale but English, so a locale left out is a compile error.
 */
const LOADERS: Readonly<Record<Exclude<ApiLocale, 'en'>, () => Promise<MessagesModule>>> = {
  af: () => import('./messages-af'),
  ar: () => import('./messages-ar'),
  ca: () => import('./messages-ca'),
  cs: () => import('./messages-cs'),
  da: () => import('./messages-da'),
  de: () => import('./messages-de'),
  el: () => import('./messages-el'),
  'en-GB': () => import('./messages-en-GB'),
  es: () => import('./messages-es'),
  fi: () => import('./messages-fi'),
  fr: () => import('./messages-fr'),
  he: () => import('./messages-he'),
  hi: () => import('./messages-hi'),
  hr: () => import('./messages-hr'),
  hu: () => import('./messages-hu'),
  id: () => import('./messages-id'),
  it: () => import('./messages-it'),
  ja: () => import('./messages-ja'),
  ko: () => import('./messages-ko'),
  ms: () => import('./messages-ms'),
  nb: () => import('./messages-nb'),
  nl: () => import('./messages-nl'),
  pl: () => import('./messages-pl'),
  pt: () => import('./messages-pt'),
  'pr-BR': () => import('./messages-pr-BR'),
  ro: () => import('./messages-ro'),
  ru: () => import('./messages-ru'),
  sv: () => import('./messages-sv'),
  th: () => import('./messages-th'),
  tl: () => import('./messages-tl'),
  tr: () => import('./messages-tr'),
  vi: () => import('./messages-vi'),
  zh: () => import('./messages-zh'),
  'zh-CN': () => import('./messages-zh-CN'),
  'zh-HK': () => import('./messages-zh-HK'),
}

/**
 * Loads the messages of `locale`; resolves to an empty object for English (bundled, the fallback
 * of every key) and for a value that is not an API locale, so that English shows instead.
 */
export async function loadMessages(locale: ApiLocale): Promise<Partial<Messages>> {
  // `Object.hasOwn`, not `in`: a caller's unchecked string such as "constructor" must not reach
  // the prototype.
  const loader = locale !== 'en' && Object.hasOwn(LOADERS, locale) ? LOADERS[locale] : undefined
  return loader ? (await loader()).messages : {}
}
