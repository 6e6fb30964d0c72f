import { describe, expect, it } from 'vitest'
import { LOCALES, negotiateLocale, toApiLocale, isApiLocale } from './locales'

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
