import { describe, expect, it } from 'vitest'
import { isEmailAddress } from './is-email-address'

describe('isEmailAddress', () => {
  it.each(['ama@example.com', 'ama.owusu+otp@mail.example.co.za', 'kofi_1@sub-domain.example.gh', 'jean@xn--exemple-cte-9bb.ci'])(
    'accepts %j',
    (value) => expect(isEmailAddress(value)).toBe(true),
  )
  it.each([
    '',
    'ama',
    'ama@',
    '@example.com',
    'ama@example',
    'ama@@example.com',
    'ama @example.com',
    'ama@exa mple.com',
    'ama@example.com\n',
    'ama\u0000@example.com',
    'ama\u202E@example.com',
    'ama@-example.com',
    'ama..owusu@example.com',
    'jean@exemple.côte.ci',
    '"ama"@example.com',
    `${'a'.repeat(65)}@example.com`,
    `ama@${'a'.repeat(250)}.com`,
  ])('rejects %j', (value) => expect(isEmailAddress(value)).toBe(false))
})
