import { readdirSync, readFileSync } from 'node:fs'
import { LOCALES } from '@hakiki/core'
import { describe, expect, test } from 'vitest'
import { REQUIRED_PLACEHOLDERS, type MessageTemplate } from './message-template'
import { renderMessage } from './render-message'
import { TEMPLATES } from './templates'

const dir = new URL('../templates/', import.meta.url)

/** Plural categories in which a locale says the number in words, so `{count}` is left out. */
const NUMERAL_FREE: Readonly<Record<string, readonly string[]>> = { ar: ['zero', 'one', 'two'], he: ['one', 'two'] }
/**
 * Words of the familiar register, in locales whose UI (packages/ui's messages) addresses the user
 * formally: Hungarian "Ön" (kérhet, próbálja), German "Sie". A message in the other register
 * reads as if from another product.
 */
const INFORMAL: Readonly<Record<string, RegExp>> = {
  hu: /(Szia|kódod|\badd ki|\bte kérted|\bhagyd\b)/u,
  de: /\b(du|dein|deine|deinen|dir|dich)\b/iu,
}
const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
const FIELDS = Object.keys(REQUIRED_PLACEHOLDERS) as Array<keyof typeof REQUIRED_PLACEHOLDERS>

function field(t: MessageTemplate, name: (typeof FIELDS)[number]): unknown {
  return name.startsWith('email.') ? (t.email as unknown as Record<string, unknown>)[name.slice(6)] : (t as unknown as Record<string, unknown>)[name]
}

describe('message templates', () => {
  test('there is exactly one file per API locale, named as the API spells it', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).toSorted()).toEqual(LOCALES.map((l) => l.api).toSorted())
    expect(Object.keys(TEMPLATES).toSorted()).toEqual(LOCALES.map((l) => l.api).toSorted())
  })

  describe.each(LOCALES.map((l) => l.api))('%s', (locale) => {
    const template = JSON.parse(readFileSync(new URL(`${locale}.json`, dir), 'utf8')) as MessageTemplate

    test('names its own locale and is the one the package exports', () => {
      expect(template.locale).toBe(locale)
      expect(TEMPLATES[locale]).toEqual(template)
    })

    test.each(FIELDS)('%s uses every required placeholder and no other', (name) => {
      const text = field(template, name)
      expect(typeof text).toBe('string')
      const value = text as string
      for (const placeholder of REQUIRED_PLACEHOLDERS[name]) expect(value).toContain(placeholder)
      let rest = value
      for (const placeholder of REQUIRED_PLACEHOLDERS[name]) rest = rest.replaceAll(placeholder, '')
      expect(rest).not.toMatch(/[{}]/)
      expect(rest.trim().length).toBeGreaterThan(0)
    })

    test('the call script speaks the digits at least twice', () => {
      expect(template.call.split('{digits}').length - 1).toBeGreaterThanOrEqual(2)
    })

    test('{minutes} has every plural form of the locale and says the count the locale’s way', () => {
      const info = LOCALES.find((l) => l.api === locale)
      const rules = new Intl.PluralRules(info?.tag)
      expect(Object.keys(template.minutes).toSorted()).toEqual(rules.resolvedOptions().pluralCategories.toSorted())
      for (const minutes of [1, 2, 3, 4, 5, 10, 11, 21, 100]) {
        const { body } = renderMessage(template, 'sms', { app: 'Acme', code: '408215', minutes })
        const category = rules.select(minutes)
        const saysInWords = (NUMERAL_FREE[locale] ?? []).includes(category)
        // Arabic and Hebrew say one and two in words ("دقيقتين", "דקה אחת"): no digit there.
        expect([minutes, body.replace('408215', '').match(/\d/) !== null]).toEqual([minutes, !saysInWords])
        expect(body).not.toContain('{count}')
      }
    })

    test('addresses the reader in the register the UI uses (Hungarian and German: formal)', () => {
      const informal = INFORMAL[locale]
      if (informal === undefined) return
      const texts = [template.sms, template.email.subject, template.email.text, template.email.html, template.call]
      expect(texts.filter((text) => informal.test(text))).toEqual([])
    })

    test('the e-mail HTML names its language and direction', () => {
      const info = LOCALES.find((l) => l.api === locale)
      const { html } = renderMessage(template, 'email', { app: 'Acme', code: '408215', minutes: 10 })
      expect(html).toMatch(new RegExp(`^<div lang="${info?.tag}" dir="${info?.dir}">.*</div>$`, 's'))
    })

    test('the e-mail HTML has no script, no event handler and no external resource', () => {
      expect(template.email.html).not.toMatch(/<script|\son\w+=|src=|href=|url\(/i)
    })

    test('renders every channel with the code and no placeholder left', () => {
      const values = { app: 'Acme', code: '408215', minutes: 10 }
      const sms = renderMessage(template, 'sms', values)
      const email = renderMessage(template, 'email', values)
      const call = renderMessage(template, 'call', values)
      for (const text of [sms.body, email.subject, email.body, email.html]) {
        expect(text).toContain('408215')
        expect(text).toContain('Acme')
        expect(text).not.toMatch(/\{(app|code|minutes|digits)\}/)
      }
      // The digits are spoken one by one, with the locale's list separator between them (a pause),
      // twice; never as one number.
      const separator = { ar: '، ', ja: '、', zh: '、', 'zh-CN': '、', 'zh-HK': '、' }[locale as string] ?? ', '
      expect(call.body.split(['4', '0', '8', '2', '1', '5'].join(separator)).length - 1).toBe(2)
      expect(call.body).not.toContain('408215')
    })
  })
})
