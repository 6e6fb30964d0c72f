import { ERROR_CODES } from '@hakiki/core'
import { describe, expect, test } from 'vitest'
import { codeErrorMessagesEn, errorMessagesEn, messagesEn, type Message } from './messages-en'

describe('English messages', () => {
  test('every error code the flow can meet has a message', () => {
    const codes = [...ERROR_CODES, 'network_error', 'invalid_response']
    const missing = codes.filter((code) => !(`error.${code}` in errorMessagesEn))
    expect(missing).toEqual([])
    // The ones only the code step meets (the flow makes them) come with that step's chunk.
    expect(Object.keys(codeErrorMessagesEn).toSorted()).toEqual(['error.already_tried', 'error.incomplete_code', 'error.wrong_code'])
  })

  test('every plural message has the English forms and every message has text', () => {
    const problems = Object.entries(messagesEn).flatMap(([key, message]: [string, Message]) => {
      if (typeof message === 'string') return message.trim() === '' ? [`${key}: empty`] : []
      return typeof message.one === 'string' && message.other.includes('{count}') ? [] : [`${key}: plural without one/other {count}`]
    })
    expect(problems).toEqual([])
  })

  test('the accessible names the flow promises are these exact words', () => {
    expect([messagesEn['phone.label'], messagesEn['email.label'], messagesEn['code.label']]).toEqual(['Phone number', 'Email address', 'Verification code'])
    expect([messagesEn['flow.send'], messagesEn['flow.verify']]).toEqual(['Send code', 'Verify'])
    expect([messagesEn['channel.sms'], messagesEn['channel.call'], messagesEn['channel.email']]).toEqual(['SMS', 'Voice call', 'Email'])
  })
})
