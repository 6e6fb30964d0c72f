import { LOCALES, type LocaleInfo } from '@hakiki/core'
import { describe, expect, test } from 'vitest'
import { NUMERAL_FREE } from '../../test/locale-rules'
import { loadMessages } from './load-messages'
import { messagesEn, type Message, type PluralMessage } from './messages-en'

/**
 * Keys whose text may stay as in English in some language: the technical term "SMS", "Email"
 * (the usual word in Greek, Indonesian and Tagalog UIs), "{fee} per SMS" ("per" is Latin, and
 * the same in Dutch, Italian, Swedish and more), the example address, which some languages
 * keep as `name@example.com`, and the countdown beside a waiting button, "in {count} s", which is
 * German word for word. Every other key must read differently from English, so a message copied
 * in and never translated fails.
 */
const MAY_MATCH_ENGLISH: ReadonlySet<string> = new Set(['channel.sms', 'channel.email', 'channel.whatsapp', 'phone.feePerSms', 'email.placeholder', 'resend.countdown.suffix',
  // How two sentences follow one another: a space in most languages.
  'flow.sentences',
])

const PLACEHOLDER = /\{(\w+)\}/g

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].toSorted()
}

/** The texts of a message: the string itself, or each plural form keyed by its category. */
function forms(message: Message): [string, string][] {
  return typeof message === 'string' ? [['', message]] : Object.entries(message as PluralMessage).filter((e): e is [string, string] => e[1] !== undefined)
}

/** Every way `translated` falls short of English for one locale, as readable lines. */
function problemsOf(locale: LocaleInfo, translated: Readonly<Record<string, Message | undefined>>): string[] {
  const problems: string[] = []
  const english: Readonly<Record<string, Message>> = messagesEn
  const categories = new Intl.PluralRules(locale.tag).resolvedOptions().pluralCategories.toSorted()
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${key}: not an English key`)
  for (const [key, source] of Object.entries(english)) {
    const message = translated[key]
    if (message === undefined) {
      problems.push(`${key}: missing`)
      continue
    }
    if (typeof message !== typeof source) {
      problems.push(`${key}: ${typeof source === 'string' ? 'plain' : 'plural'} in English`)
      continue
    }
    if (typeof message !== 'string') {
      const got = Object.keys(message).toSorted()
      if (got.join() !== categories.join()) problems.push(`${key}: categories ${got.join()}, ${locale.tag} needs ${categories.join()}`)
    }
    const wanted = placeholders(forms(source).map(([, text]) => text).join(' '))
    const englishTexts = new Set(forms(source).map(([, text]) => text))
    for (const [category, text] of forms(message)) {
      const where = category ? `${key}.${category}` : key
      if (text.trim() === '') problems.push(`${where}: empty`)
      const got = placeholders(text)
      // Where the locale says the number in words ("محاولتان"), `{count}` may be left out.
      const mayOmitCount = NUMERAL_FREE[locale.api]?.includes(category) === true
      if (got.join() !== wanted.join() && !(mayOmitCount && got.join() === wanted.filter((p) => p !== 'count').join())) problems.push(`${where}: placeholders {${got.join('}{')}}, English has {${wanted.join('}{')}}`)
      // en-GB is English: it may keep every string, so only real translations are held to this.
      if (locale.api !== 'en-GB' && !MAY_MATCH_ENGLISH.has(key) && englishTexts.has(text)) problems.push(`${where}: same as English`)
    }
  }
  // The error message cites the field's example, so the two must agree.
  const example = translated['email.placeholder']
  const invalid = translated['email.error.invalid']
  if (typeof example === 'string' && typeof invalid === 'string' && !invalid.includes(example)) {
    problems.push(`email.error.invalid: does not cite the placeholder ${example}`)
  }
  return problems
}

describe('translations', () => {
  const translatedLocales = LOCALES.filter((l) => l.api !== 'en')

  test('every API locale but English has a translation', () => {
    expect(translatedLocales).toHaveLength(35)
  })

  test.each(translatedLocales.map((l) => [l.api, l] as const))('%s: complete, same placeholders, its own plural forms', async (_, locale) => {
    const translated = await loadMessages(locale.api)
    expect(problemsOf(locale, translated)).toEqual([])
  })

  test('the check catches a missing key, a lost placeholder, a wrong plural set and an untranslated copy', () => {
    const fr = LOCALES.find((l) => l.api === 'fr')
    if (!fr) throw new Error('fr is an API locale')
    const broken: Record<string, Message> = { ...messagesEn, 'flow.send': 'Envoyer le code', extra: 'x' }
    delete broken['flow.verify']
    broken['flow.verified'] = 'Adresse vérifiée.'
    broken['attempts.left'] = { one: '{count} tentative', other: '{count} tentatives' }
    const problems = problemsOf(fr, broken)
    expect(problems).toContain('extra: not an English key')
    expect(problems).toContain('flow.verify: missing')
    expect(problems).toContain('flow.verified: placeholders {}, English has {address}')
    expect(problems).toContain('attempts.left: categories one,other, fr needs many,one,other')
    expect(problems).toContain('code.label: same as English')
    expect(problems).not.toContain('flow.send: same as English')
    expect(problems).not.toContain('channel.sms: same as English')
  })
})
