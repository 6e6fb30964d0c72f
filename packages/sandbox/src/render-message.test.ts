import { describe, expect, test } from 'vitest'
import { renderMessage } from './render-message'
import type { MessageTemplate } from './message-template'

const template: MessageTemplate = {
  locale: 'en',
  sms: '{app}: {code} ({minutes} min)',
  email: { subject: '{code} for {app}', text: 'Code {code} for {app}, {minutes} min', html: '<b>{app}</b> {code} {minutes}' },
  call: '{app}. {digits}. Again: {digits}.',
}

describe('renderMessage', () => {
  test('fills the SMS and leaves it without an autofill line when no host is given', () => {
    expect(renderMessage(template, 'sms', { app: 'Acme', code: '123456', minutes: 10 })).toEqual({ body: 'Acme: 123456 (10 min)' })
  })

  test('ends the SMS with the origin-bound autofill line "@host #code" on its own last line', () => {
    const { body } = renderMessage(template, 'sms', { app: 'Acme', code: '987654', minutes: 10, autofillHost: 'example.com' })
    expect(body.split('\n').at(-1)).toBe('@example.com #987654')
    expect(body.startsWith('Acme: 987654 (10 min)\n')).toBe(true)
  })

  test('spells the digits one by one, twice, with the given separator', () => {
    expect(renderMessage(template, 'call', { app: 'Acme', code: '4071', minutes: 10 }).body).toBe('Acme. 4, 0, 7, 1. Again: 4, 0, 7, 1.')
    expect(renderMessage(template, 'call', { app: 'A', code: '12', minutes: 1, digitSeparator: '、' }).body).toBe('A. 1、2. Again: 1、2.')
  })

  test('renders the e-mail subject, text and HTML, escaping the app name in HTML only', () => {
    const email = renderMessage(template, 'email', { app: 'A&B <Co>', code: '555000', minutes: 5 })
    expect(email).toEqual({
      subject: '555000 for A&B <Co>',
      body: 'Code 555000 for A&B <Co>, 5 min',
      html: '<b>A&amp;B &lt;Co&gt;</b> 555000 5',
    })
  })

  test('never expands a placeholder found inside a value', () => {
    expect(renderMessage(template, 'sms', { app: '{code}', code: '111111', minutes: 10 }).body).toBe('{code}: 111111 (10 min)')
  })
})
