import { describe, expect, test } from 'vitest'
import { renderMessage } from './render-message'
import type { MessageTemplate } from './message-template'

const template: MessageTemplate = {
  locale: 'en',
  minutes: { one: '{count} min', other: '{count} mins' },
  sms: '{app}: {code} ({minutes})',
  email: { subject: '{code} for {app}', text: 'Code {code} for {app}, {minutes}', html: '<b>{app}</b> {code} {minutes}' },
  call: '{app}. {digits}. Again: {digits}.',
}

/** The e-mail HTML of the test template under another locale. */
const emailHtml = (locale: string) => renderMessage({ ...template, locale }, 'email', { app: 'A', code: '1', minutes: 5 }).html

describe('renderMessage', () => {
  test('fills the SMS and leaves it without an autofill line when no host is given', () => {
    expect(renderMessage(template, 'sms', { app: 'Acme', code: '123456', minutes: 10 })).toEqual({ body: 'Acme: 123456 (10 mins)' })
  })

  test('ends the SMS with the origin-bound autofill line "@host #code" on its own last line', () => {
    const { body } = renderMessage(template, 'sms', { app: 'Acme', code: '987654', minutes: 10, autofillHost: 'example.com' })
    expect(body.split('\n').at(-1)).toBe('@example.com #987654')
    expect(body.startsWith('Acme: 987654 (10 mins)\n')).toBe(true)
  })

  test('spells the digits one by one, twice, with the given separator', () => {
    expect(renderMessage(template, 'call', { app: 'Acme', code: '4071', minutes: 10 }).body).toBe('Acme. 4, 0, 7, 1. Again: 4, 0, 7, 1.')
    expect(renderMessage(template, 'call', { app: 'A', code: '12', minutes: 1, digitSeparator: '、' }).body).toBe('A. 1、2. Again: 1、2.')
  })

  test('renders the e-mail subject, text and HTML, escaping the app name in HTML only', () => {
    const email = renderMessage(template, 'email', { app: 'A&B <Co>', code: '555000', minutes: 5 })
    expect(email).toEqual({
      subject: '555000 for A&B <Co>',
      body: 'Code 555000 for A&B <Co>, 5 mins',
      html: '<div lang="en" dir="ltr"><b>A&amp;B &lt;Co&gt;</b> 555000 5 mins</div>',
    })
  })

  test('never expands a placeholder found inside a value', () => {
    expect(renderMessage(template, 'sms', { app: '{code}', code: '111111', minutes: 10 }).body).toBe('{code}: 111111 (10 mins)')
  })

  test('{minutes} takes the plural form the locale’s rules pick for the count', () => {
    expect(renderMessage(template, 'sms', { app: 'A', code: '1', minutes: 1 }).body).toBe('A: 1 (1 min)')
    const ar: MessageTemplate = {
      ...template,
      locale: 'ar',
      minutes: { zero: 'z', one: 'دقيقة واحدة', two: 'دقيقتين', few: '{count} دقائق', many: '{count} دقيقةً', other: '{count} دقيقة' },
    }
    const sms = (minutes: number) => renderMessage(ar, 'sms', { app: 'A', code: '1', minutes }).body
    expect([1, 2, 3, 10, 11, 100].map(sms)).toEqual(['⁨A⁩: 1 (دقيقة واحدة)', '⁨A⁩: 1 (دقيقتين)', '⁨A⁩: 1 (3 دقائق)', '⁨A⁩: 1 (10 دقائق)', '⁨A⁩: 1 (11 دقيقةً)', '⁨A⁩: 1 (100 دقيقة)'])
  })

  test('isolates the app name (FSI … PDI) in Arabic and Hebrew messages, so a Latin name never mixes with the text around it', () => {
    const FSI = '\u2068'
    const PDI = '\u2069'
    for (const locale of ['ar', 'he']) {
      const rtl = { ...template, locale }
      const values = { app: 'Shop 24 <B>', code: '408215', minutes: 10 }
      expect(renderMessage(rtl, 'sms', values).body).toBe(`${FSI}Shop 24 <B>${PDI}: 408215 (10 mins)`)
      const email = renderMessage(rtl, 'email', values)
      expect([email.subject, email.body]).toEqual([`408215 for ${FSI}Shop 24 <B>${PDI}`, `Code 408215 for ${FSI}Shop 24 <B>${PDI}, 10 mins`])
      expect(email.html).toContain(`<b>${FSI}Shop 24 &lt;B&gt;${PDI}</b>`)
      // Spoken: no control characters for the speech engine.
      const call = renderMessage(rtl, 'call', values).body
      expect([call.startsWith('Shop 24 <B>. 4'), /[\u2068\u2069]/.test(call)]).toEqual([true, false])
    }
    // Left-to-right messages keep the bare name.
    expect(renderMessage(template, 'sms', { app: 'Shop 24', code: '1', minutes: 10 }).body).toBe('Shop 24: 1 (10 mins)')
  })

  test('the e-mail HTML carries the language as a BCP-47 tag and the direction', () => {
    expect(emailHtml('ar')).toMatch(/^<div lang="ar" dir="rtl">/)
    expect(emailHtml('he')).toMatch(/^<div lang="he" dir="rtl">/)
    expect(emailHtml('pr-BR')).toMatch(/^<div lang="pt-BR" dir="ltr">/)
  })
})
