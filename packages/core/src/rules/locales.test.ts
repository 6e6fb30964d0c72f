import { describe, expect, it } from 'vitest'
import { LOCALES, getLocaleInfo, isApiLocale, localeDirection, negotiateLocale, toApiLocale, toLanguageTag, type ApiLocale } from './locales'

describe('locales', () => {
  it('tags Portuguese as spoken in Portugal: plural forms and formats are not Brazil\'s', () => {
    const tag = LOCALES.find((l) => l.api === 'pt')?.tag ?? ''
    // "0 tentativas" in Portugal; Brazil's rules make 0 singular ("0 tentativa").
    expect(new Intl.PluralRules(tag).select(0)).toBe('other')
    expect(toApiLocale(tag)).toBe('pt')
  })
  it('lists the 36 API locales, each once', () => {
    expect(LOCALES).toHaveLength(36)
    expect(new Set(LOCALES.map((l) => l.api)).size).toBe(36)
    expect(isApiLocale('pr-BR')).toBe(true)
    expect(isApiLocale('pt-BR')).toBe(false)
  })
  it.each([
    ['pt-BR', 'pr-BR'], ['pt-br', 'pr-BR'], ['en-GB', 'en-GB'], ['en-US', 'en'], ['fr-CA', 'fr'],
    ['zh-Hant-TW', 'zh-HK'], ['zh-Hans', 'zh-CN'], ['zh', 'zh'], ['nn-NO', 'nb'], ['fil', 'tl'], ['xx', undefined],
  ])('maps %s to %s', (tag, api) => {
    expect(toApiLocale(tag)).toBe(api)
  })
  it('negotiates from navigator.languages in order', () => {
    expect(negotiateLocale(['xx', 'sw', 'he-IL', 'en'])).toBe('he')
    expect(negotiateLocale([], 'fr')).toBe('fr')
  })
})

// The rules read a compact list (no language names, so the UI's first screen ships none) since
// issue 24; before, they were maps over `LOCALES`. The same maps, built here from `LOCALES` as
// they were, must give the same answer for every input, the odd ones included.
const before = (() => {
  const byApi = new Map(LOCALES.map((x) => [x.api as string, x]))
  const byTag = new Map(LOCALES.map((x) => [x.tag.toLowerCase(), x]))
  const isApi = (value: unknown): boolean => typeof value === 'string' && byApi.has(value)
  const toApi = (tag: string): string | undefined => {
    if (typeof tag !== 'string' || tag.length === 0 || tag.length > 35) return undefined
    if (isApi(tag)) return tag
    const lower = tag.toLowerCase().replace(/_/g, '-')
    const exact = byTag.get(lower)
    if (exact) return exact.api
    const parts = lower.split('-')
    const lang = parts[0] ?? ''
    if (lang === 'zh') {
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
    return byTag.get(lang)?.api
  }
  return { isApi, toApi, info: (api: string) => byApi.get(api), tag: (api: string) => byApi.get(api)?.tag ?? api }
})()

const now = (tag: string) => [toApiLocale(tag), isApiLocale(tag), getLocaleInfo(tag), toLanguageTag(tag as ApiLocale)]
const then = (tag: string) => [before.toApi(tag), before.isApi(tag), before.info(tag), before.tag(tag)]

describe('locales: the compact rules answer as the table did', () => {
  const langs = [...new Set([...LOCALES.flatMap((l) => [l.api, l.tag, l.tag.split('-')[0] ?? '']), 'no', 'nn', 'iw', 'in', 'fil', 'sw', 'xx', 'pt', 'PT', 'ZH', 'En', ''])]
  const subtags = ['', 'BR', 'br', 'GB', 'gb', 'UK', 'US', 'Hant', 'hans', 'TW', 'HK', 'mo', 'CN', 'SG', 'PT', 'AO', 'Latn', 'x-private', 'u-nu-arab']
  const tags = [
    ...langs.flatMap((lang) => subtags.flatMap((sub) => (sub ? [`${lang}-${sub}`, `${lang}_${sub}`, `${lang}-Latn-${sub}`] : [lang]))),
    ...langs.map((lang) => lang.toUpperCase()),
    'constructor', '__proto__', 'toString', 'hasOwnProperty', 'af ar', ' en', 'en ', 'x'.repeat(35), `en-${'x'.repeat(32)}`, 'e'.repeat(36), '-', '--', 'en--gb', 'pt-PT-br',
  ]
  it('maps every tag to the same API locale, and says the same of each value', () => {
    expect(tags.length).toBeGreaterThan(1500)
    expect(tags.filter((tag) => JSON.stringify(now(tag)) !== JSON.stringify(then(tag)))).toEqual([])
    expect(tags.filter((tag) => toApiLocale(tag) !== undefined).length).toBeGreaterThan(1000)
    for (const value of [undefined, null, 1, {}, ['en'], new String('en')]) expect(isApiLocale(value)).toBe(false)
    expect(negotiateLocale(['xx', 'pt-AO', 'zh-TW'])).toBe('zh-HK')
  })
  it('gives each of the 36 its table tag and direction', () => {
    for (const l of LOCALES) {
      expect(isApiLocale(l.api)).toBe(true)
      expect([l.api, toLanguageTag(l.api), localeDirection(l.api)]).toEqual([l.api, l.tag, l.dir])
    }
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.api)).toEqual(['ar', 'he'])
  })
})
