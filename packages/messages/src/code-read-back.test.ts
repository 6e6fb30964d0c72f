import { pickCode } from '@hakiki/core'
import { describe, expect, test } from 'vitest'
import { renderMessage } from './render-message'
import { TEMPLATES } from './templates'

// A code field reads a pasted or autofilled message with `pickCode`, one rule for every language
// (the last run of the code's length; sure when it is the one run of 4+ digits). Every message we
// send must be read back as its own code, sure enough to submit, or a template's wording (a
// reference number, a year) would turn every paste of it into a guess.
// The call script is spoken ("1, 2, 3, …"), never pasted: it is left out.
const CODES = ['0123', '48213', '482137', '0908273', '90827313', '0908273135']

describe.each(Object.entries(TEMPLATES))('%s: the code field reads each message back as its code', (_, template) => {
  test.each(CODES)('code %s', (code) => {
    for (const minutes of [1, 10]) {
      for (const autofillHost of [undefined, 'example.com']) {
        const sms = renderMessage(template, 'sms', { app: 'Acme', code, minutes, autofillHost })
        expect({ text: sms.body, ...pickCode(sms.body, code.length) }).toEqual({ text: sms.body, code, confident: true })
      }
      const email = renderMessage(template, 'email', { app: 'Acme', code, minutes })
      for (const text of [email.subject ?? '', email.body, renderMessage(template, 'whatsapp', { app: 'Acme', code, minutes }).body]) {
        expect({ text, ...pickCode(text, code.length) }).toEqual({ text, code, confident: true })
      }
    }
  })
})
