import { PROVIDER_ERROR_KINDS, ProviderError } from '@hakiki/provider'
import { expect, test } from 'vitest'
import { engineRefusal } from './engine-refusal'

test('maps every engine refusal to the API answer the sandbox and the server both give', () => {
  const answers = Object.fromEntries(
    PROVIDER_ERROR_KINDS.map((kind) => {
      const answer = engineRefusal(new ProviderError(kind, { provider: 'engine', operation: 'start', retryAfter: 41.2 }), { maxSends: 5 })
      return [kind, answer && { status: answer.status, ...answer.headers }]
    }),
  )
  expect(answers).toEqual({
    ...Object.fromEntries(PROVIDER_ERROR_KINDS.map((kind) => [kind, { status: 500 }])),
    not_found: { status: 404 },
    max_sends: { status: 429, 'retry-after': '42' },
    invalid_phone_number: { status: 400 },
    invalid_email: { status: 400 },
    unsupported_country: { status: 400 },
    unsupported_channel: { status: 400 },
  })
  expect(engineRefusal(new ProviderError('max_sends', { provider: 'engine', operation: 'start' }), { maxSends: 3 })?.message).toMatch(/at most 3 per verification/)
  // Anything that is not an engine refusal is the caller's to rethrow (a 500 without details).
  expect(engineRefusal(new Error('store down'), { maxSends: 5 })).toBeUndefined()
})
