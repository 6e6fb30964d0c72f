import { describe, expect, it } from 'vitest'
import { FALLBACK_TOKEN_LIFETIME_SECONDS, MAX_TOKEN_LIFETIME_SECONDS, parseToken } from './parse-token'

describe('parseToken', () => {
  it('reads an Apigee token response, whose values are all strings', () => {
    expect(
      parseToken({ access_token: 'abc.DEF-123', token_type: 'BearerToken', expires_in: '3599' }),
    ).toEqual({ accessToken: 'abc.DEF-123', lifetimeSeconds: 3599 })
  })

  it('assumes a short lifetime when expires_in is missing or garbled', () => {
    for (const expires_in of [undefined, '', 'soon', '-5', '0', null]) {
      expect(parseToken({ access_token: 't', expires_in })?.lifetimeSeconds).toBe(
        FALLBACK_TOKEN_LIFETIME_SECONDS,
      )
    }
  })

  it('caps a lifetime that can only be a misread unit', () => {
    expect(parseToken({ access_token: 't', expires_in: '3599000' })?.lifetimeSeconds).toBe(
      MAX_TOKEN_LIFETIME_SECONDS,
    )
  })

  it('rejects a missing, empty or unsendable access_token', () => {
    for (const body of [undefined, 'token', {}, { access_token: '' }, { access_token: 'a b' }, { access_token: 'a\nb' }]) {
      expect(parseToken(body)).toBeUndefined()
    }
  })
})
