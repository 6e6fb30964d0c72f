/**
 * The 36 message locales of the Verify API, spelled exactly as the API spells them, with the
 * BCP-47 tag browsers use, English and native names and text direction.
 *
 * Why a table and not `Intl.DisplayNames`: the API's list is closed (Twilio's legacy list) and one
 * entry, `pr-BR`, is not BCP-47 at all; the table is the single source both the proxy (mapping
 * `pt-BR` → `pr-BR`) and the UI (a locale picker in each language's own name) rely on.
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

const l = (api: ApiLocale, tag: string, englishName: string, nativeName: string, dir: 'ltr' | 'rtl' = 'ltr'): LocaleInfo =>
  ({ api, tag, englishName, nativeName, dir })

/** Every locale the Verify API accepts, in the spec's order. */
export const LOCALES: readonly LocaleInfo[] = [
  l('af', 'af', 'Afrikaans', 'Afrikaans'),
  l('ar', 'ar', 'Arabic', 'العربية', 'rtl'),
  l('ca', 'ca', 'Catalan', 'Català'),
  l('cs', 'cs', 'Czech', 'Čeština'),
  l('da', 'da', 'Danish', 'Dansk'),
  l('de', 'de', 'German', 'Deutsch'),
  l('el', 'el', 'Greek', 'Ελληνικά'),
  l('en', 'en', 'English', 'English'),
  l('en-GB', 'en-GB', 'English (UK)', 'English (UK)'),
  l('es', 'es', 'Spanish', 'Español'),
  l('fi', 'fi', 'Finnish', 'Suomi'),
  l('fr', 'fr', 'French', 'Français'),
  l('he', 'he', 'Hebrew', 'עברית', 'rtl'),
  l('hi', 'hi', 'Hindi', 'हिन्दी'),
  l('hr', 'hr', 'Croatian', 'Hrvatski'),
  l('hu', 'hu', 'Hungarian', 'Magyar'),
  l('id', 'id', 'Indonesian', 'Bahasa Indonesia'),
  l('it', 'it', 'Italian', 'Italiano'),
  l('ja', 'ja', 'Japanese', '日本語'),
  l('ko', 'ko', 'Korean', '한국어'),
  l('ms', 'ms', 'Malay', 'Bahasa Melayu'),
  l('nb', 'nb', 'Norwegian Bokmål', 'Norsk bokmål'),
  l('nl', 'nl', 'Dutch', 'Nederlands'),
  l('pl', 'pl', 'Polish', 'Polski'),
  // pt-PT, not pt: `Intl` reads a bare "pt" as Brazilian Portuguese (0 is "one" there, "other" in Portugal).
  l('pt', 'pt-PT', 'Portuguese', 'Português'),
  l('pr-BR', 'pt-BR', 'Portuguese (Brazil)', 'Português (Brasil)'),
  l('ro', 'ro', 'Romanian', 'Română'),
  l('ru', 'ru', 'Russian', 'Русский'),
  l('sv', 'sv', 'Swedish', 'Svenska'),
  l('th', 'th', 'Thai', 'ไทย'),
  l('tl', 'tl', 'Tagalog', 'Tagalog'),
  l('tr', 'tr', 'Turkish', 'Türkçe'),
  l('vi', 'vi', 'Vietnamese', 'Tiếng Việt'),
  l('zh', 'zh', 'Chinese', '中文'),
  l('zh-CN', 'zh-CN', 'Chinese (China)', '中文（中国）'),
  l('zh-HK', 'zh-HK', 'Chinese (Hong Kong)', '中文（香港）'),
]

/** The API's default message locale. */
export const DEFAULT_API_LOCALE: ApiLocale = 'en'

const byApi = new Map(LOCALES.map((x) => [x.api, x]))
const byTag = new Map(LOCALES.map((x) => [x.tag.toLowerCase(), x]))

/** True when `value` is spelled exactly as one of the API's 36 locales. */
export function isApiLocale(value: unknown): value is ApiLocale {
  return typeof value === 'string' && byApi.has(value as ApiLocale)
}

/** The locale entry for an API value (`pr-BR`), or `undefined`. */
export function getLocaleInfo(api: string): LocaleInfo | undefined {
  return byApi.get(api as ApiLocale)
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
  const exact = byTag.get(lower)
  if (exact) return exact.api
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
  const base = byTag.get(lang)
  return base?.api
}

/** The BCP-47 tag for an API locale (`pr-BR` → `pt-BR`). */
export function toLanguageTag(api: ApiLocale): string {
  return byApi.get(api)?.tag ?? api
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
