import type { ApiLocale } from '@hakiki/core'
import type { MessagesModule } from './load-messages'

/**
 * One lazy loader per translated locale. Each is a literal `import()` so that every bundler
 * splits each translation into its own chunk: English is bundled, the others are fetched from
 * the app's own origin only when that locale is shown. Add one line per `messages-<locale>.ts`;
 * the type lists every API locale but English, so a locale left out is a compile error. This table
 * is itself a chunk (`loadMessages` imports it with `import()`): 35 `import()` calls are ~1.5 kB
 * that a page in English never needs up front.
 */
export const LOADERS: Readonly<Record<Exclude<ApiLocale, 'en'>, () => Promise<MessagesModule>>> = {
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
  // The API's `zh` is Mandarin in Simplified characters, the same words as `zh-CN`: one chunk for
  // both (a chunk of its own would cost webpack's runtime ~16 B up front and add nothing).
  zh: () => import('./messages-zh-CN'),
  'zh-CN': () => import('./messages-zh-CN'),
  'zh-HK': () => import('./messages-zh-HK'),
}

