/**
 * The 36 message locales of the Verify API, spelled exactly as the API spells them, with the
 * BCP-47 tag browsers use, English and native names and text direction.
 *
 * Why a table and not `Intl.DisplayNames`: the API's list is closed (Twilio's legacy list) and one
 * entry, `pr-BR`, is not BCP-47 at all; these rules are the single source both the proxy (mapping
 * `pt-BR` → `pr-BR`) and the UI (a locale picker in each language's own name) rely on. The rules
 * read the compact list of API values; the table with the names (`LOCALES`) is for pickers, and
 * `locales.test.ts` checks that the two agree.
 */

/** A locale value exactly as the Verify API accepts it. */
export type ApiLocale =
  | 'af' | 'ar' | 'ca' | 'cs' | 'da' | 'de' | 'el' | 'en' | 'en-GB' | 'es' | 'fi' | 'fr'
  | 'he' | 'hi' | 'hr' | 'hu' | 'id' | 'it' | 'ja' | 'ko' | 'ms' | 'nb' | 'nl' | 'pl'
  | 'pt' | 'pr-BR' | 'ro' | 'ru' | 'sv' | 'th' | 'tl' | 'tr' | 'vi' | 'zh' | 'zh-CN' | 'zh-HK'

/** One supported locale. */
export interface LocaleInfo {
  /** The value the Verify API expects (`pr-BR` for Brazilian Portuguese). */
  readonly api: ApiLocale
  /** The BCP-47 tag a browser uses for the same language (`pt-BR`). */
  readonly tag: string
  /** The language's name in English. */
  readonly englishName: string
  /** The language's name in itself, for pickers. */
  readonly nativeName: string
  /** Writing direction of the language. */
  readonly dir: 'ltr' | 'rtl'
}

/**
 * The 36 API values in the spec's order. The rules below read only these (and the two tags and two
 * directions that differ), not {@link LOCALES}: a page that only needs a locale's tag and
 * direction (every component's `LocaleProvider`) then ships no language names.
 */
const API_LOCALES: readonly ApiLocale[] = [
  'af', 'ar', 'ca', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'fi', 'fr', 'he', 'hi', 'hr', 'hu', 'id', 'it',
  'ja', 'ko', 'ms', 'nb', 'nl', 'pl', 'pt', 'pr-BR', 'ro', 'ru', 'sv', 'th', 'tl', 'tr', 'vi', 'zh', 'zh-CN', 'zh-HK',
]

/** True when `value` is spelled exactly as one of the API's 36 locales. */
export function isApiLocale(value: unknown): value is ApiLocale {
  return typeof value === 'string' && API_LOCALES.includes(value as ApiLocale)
}

/**
 * The BCP-47 tag for an API locale (`pr-BR` → `pt-BR`). `pt` is tagged pt-PT, not pt: `Intl`
 * reads a bare "pt" as Brazilian Portuguese (0 is "one" there, "other" in Portugal). A value that
 * is not an API locale comes back as it is.
 */
export function toLanguageTag(api: ApiLocale): string {
  return api === 'pt' ? 'pt-PT' : api === 'pr-BR' ? 'pt-BR' : api
}

/** The writing direction of an API locale's language (`ar`, `he`: right to left). */
export function localeDirection(api: ApiLocale): 'ltr' | 'rtl' {
  return api === 'ar' || api === 'he' ? 'rtl' : 'ltr'
}

/** The API locale whose BCP-47 tag is `lower` (lower case), if any. */
function byTag(lower: string): ApiLocale | undefined {
  return API_LOCALES.find((api) => toLanguageTag(api).toLowerCase() === lower)
}

/**
 * Every locale the Verify API accepts, in the spec's order, with its names (for pickers). Plain
 * literals, no calls: a bundle that does not read this table drops it whole.
 */
export const LOCALES: readonly LocaleInfo[] = [
  { api: 'af', tag: 'af', englishName: 'Afrikaans', nativeName: 'Afrikaans', dir: 'ltr' },
  { api: 'ar', tag: 'ar', englishName: 'Arabic', nativeName: 'العربية', dir: 'rtl' },
  { api: 'ca', tag: 'ca', englishName: 'Catalan', nativeName: 'Català', dir: 'ltr' },
  { api: 'cs', tag: 'cs', englishName: 'Czech', nativeName: 'Čeština', dir: 'ltr' },
  { api: 'da', tag: 'da', englishName: 'Danish', nativeName: 'Dansk', dir: 'ltr' },
  { api: 'de', tag: 'de', englishName: 'German', nativeName: 'Deutsch', dir: 'ltr' },
  { api: 'el', tag: 'el', englishName: 'Greek', nativeName: 'Ελληνικά', dir: 'ltr' },
  { api: 'en', tag: 'en', englishName: 'English', nativeName: 'English', dir: 'ltr' },
  { api: 'en-GB', tag: 'en-GB', englishName: 'English (UK)', nativeName: 'English (UK)', dir: 'ltr' },
  { api: 'es', tag: 'es', englishName: 'Spanish', nativeName: 'Español', dir: 'ltr' },
  { api: 'fi', tag: 'fi', englishName: 'Finnish', nativeName: 'Suomi', dir: 'ltr' },
  { api: 'fr', tag: 'fr', englishName: 'French', nativeName: 'Français', dir: 'ltr' },
  { api: 'he', tag: 'he', englishName: 'Hebrew', nativeName: 'עברית', dir: 'rtl' },
  { api: 'hi', tag: 'hi', englishName: 'Hindi', nativeName: 'हिन्दी', dir: 'ltr' },
  { api: 'hr', tag: 'hr', englishName: 'Croatian', nativeName: 'Hrvatski', dir: 'ltr' },
  { api: 'hu', tag: 'hu', englishName: 'Hungarian', nativeName: 'Magyar', dir: 'ltr' },
  { api: 'id', tag: 'id', englishName: 'Indonesian', nativeName: 'Bahasa Indonesia', dir: 'ltr' },
  { api: 'it', tag: 'it', englishName: 'Italian', nativeName: 'Italiano', dir: 'ltr' },
  { api: 'ja', tag: 'ja', englishName: 'Japanese', nativeName: '日本語', dir: 'ltr' },
  { api: 'ko', tag: 'ko', englishName: 'Korean', nativeName: '한국어', dir: 'ltr' },
  { api: 'ms', tag: 'ms', englishName: 'Malay', nativeName: 'Bahasa Melayu', dir: 'ltr' },
  { api: 'nb', tag: 'nb', englishName: 'Norwegian Bokmål', nativeName: 'Norsk bokmål', dir: 'ltr' },
  { api: 'nl', tag: 'nl', englishName: 'Dutch', nativeName: 'Nederlands', dir: 'ltr' },
  { api: 'pl', tag: 'pl', englishName: 'Polish', nativeName: 'Polski', dir: 'ltr' },
  { api: 'pt', tag: 'pt-PT', englishName: 'Portuguese', nativeName: 'Português', dir: 'ltr' },
  { api: 'pr-BR', tag: 'pt-BR', englishName: 'Portuguese (Brazil)', nativeName: 'Português (Brasil)', dir: 'ltr' },
  { api: 'ro', tag: 'ro', englishName: 'Romanian', nativeName: 'Română', dir: 'ltr' },
  { api: 'ru', tag: 'ru', englishName: 'Russian', nativeName: 'Русский', dir: 'ltr' },
  { api: 'sv', tag: 'sv', englishName: 'Swedish', nativeName: 'Svenska', dir: 'ltr' },
  { api: 'th', tag: 'th', englishName: 'Thai', nativeName: 'ไทย', dir: 'ltr' },
  { api: 'tl', tag: 'tl', englishName: 'Tagalog', nativeName: 'Tagalog', dir: 'ltr' },
  { api: 'tr', tag: 'tr', englishName: 'Turkish', nativeName: 'Türkçe', dir: 'ltr' },
  { api: 'vi', tag: 'vi', englishName: 'Vietnamese', nativeName: 'Tiếng Việt', dir: 'ltr' },
  { api: 'zh', tag: 'zh', englishName: 'Chinese', nativeName: '中文', dir: 'ltr' },
  { api: 'zh-CN', tag: 'zh-CN', englishName: 'Chinese (China)', nativeName: '中文（中国）', dir: 'ltr' },
  { api: 'zh-HK', tag: 'zh-HK', englishName: 'Chinese (Hong Kong)', nativeName: '中文（香港）', dir: 'ltr' },
]

/** The API's default message locale. */
export const DEFAULT_API_LOCALE: ApiLocale = 'en'

/** The locale entry for an API value (`pr-BR`), or `undefined`. */
export function getLocaleInfo(api: string): LocaleInfo | undefined {
  return LOCALES.find((x) => x.api === api)
}

/**
 * Maps a BCP-47 tag from a browser (`pt-BR`, `en-gb`, `zh-Hans-CN`) to the API's exact spelling,
 * or `undefined` when the API has no such locale. Matching of the tag is case-insensitive, as
 * BCP-47 says; a tag the API lacks falls back to its language (`fr-CA` → `fr`). The API's own
 * `pr-BR` spelling is accepted too.
 */
export function toApiLocale(tag: string): ApiLocale | undefined {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 35) return undefined
  if (isApiLocale(tag)) return tag
  const lower = tag.toLowerCase().replace(/_/g, '-')
  const exact = byTag(lower)
  if (exact) return exact
  const parts = lower.split('-')
  const lang = parts[0] ?? ''
  if (lang === 'zh') {
    // Script subtags decide Chinese: Traditional is read in Hong Kong, Simplified in mainland China.
    if (parts.includes('hant') || parts.includes('hk') || parts.includes('tw') || parts.includes('mo')) return 'zh-HK'
    if (parts.includes('hans') || parts.includes('cn') || parts.includes('sg')) return 'zh-CN'
    return 'zh'
  }
  if (lang === 'pt' && parts.includes('br')) return 'pr-BR'
  if (lang === 'en' && parts.some((p) => p === 'gb' || p === 'uk')) return 'en-GB'
  if (lang === 'no' || lang === 'nn') return 'nb'
  if (lang === 'iw') return 'he'
  if (lang === 'in') return 'id'
  if (lang === 'fil') return 'tl'
  return byTag(lang)
}

/**
 * Picks the best API locale for a list of preferred languages, such as `navigator.languages`,
 * in order of preference; `fallback` when none is supported.
 */
export function negotiateLocale(preferred: readonly string[] | undefined, fallback: ApiLocale = DEFAULT_API_LOCALE): ApiLocale {
  for (const tag of preferred ?? []) {
    const hit = toApiLocale(tag)
    if (hit) return hit
  }
  return fallback
}
