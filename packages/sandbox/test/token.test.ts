/**
 * Conformance of `POST /oauth/client/accesstoken` with the spec, field by field, and of bearer
 * authentication on the other endpoints.
 */
import { describe, expect, test } from 'vitest'
import { createSandbox } from '../src/create-sandbox'
import { call, getToken, tokenRequest } from './support'

const T0 = Date.UTC(2026, 0, 1)
const sandbox = (options: Parameters<typeof createSandbox>[0] = {}) => createSandbox({ now: () => T0, ...options })

describe('token endpoint', () => {
  test('answers 200 with every field of the spec, each a string, api_product_list_json an array of strings', async () => {
    const s = sandbox()
    const response = await tokenRequest(s, { client_id: 'sandbox-client-id', client_secret: 'sandbox-client-secret' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Record<string, unknown>
    expect(Object.keys(body).toSorted()).toEqual(
      [
        'access_token',
        'token_type',
        'expires_in',
        'issued_at',
        'refresh_token_expires_in',
        'refresh_count',
        'scope',
        'status',
        'client_id',
        'application_name',
        'organization_name',
        'developer.email',
        'api_product_list',
        'api_product_list_json',
      ].toSorted(),
    )
    const { api_product_list_json: products, ...rest } = body
    expect(Object.entries(rest).filter(([, value]) => typeof value !== 'string')).toEqual([])
    expect(Array.isArray(products) && products.length > 0 && products.every((p) => typeof p === 'string')).toBe(true)
    expect(body).toMatchObject({
      token_type: 'BearerToken',
      expires_in: '3599',
      issued_at: String(T0),
      refresh_token_expires_in: '0',
      refresh_count: '0',
      scope: '',
      status: 'approved',
      client_id: 'sandbox-client-id',
      application_name: 'hakiki-sandbox-app',
      api_product_list: '[Chenosis Key 2FA]',
      api_product_list_json: ['Chenosis Key 2FA'],
    })
    expect(body['developer.email']).toMatch(/^[^@\s]+@[^@\s]+$/)
    expect(body.organization_name).not.toBe('')
    // At least 128 random bits: 32 base64url characters carry 192.
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })

  test('every token is new, and each client gets its own client_id and application_name', async () => {
    const s = sandbox({
      clients: [
        { clientId: 'shop', clientSecret: 'shop-secret', applicationName: 'Shop' },
        { clientId: 'bank', clientSecret: 'bank-secret' },
      ],
    })
    const a = (await (await tokenRequest(s, { client_id: 'shop', client_secret: 'shop-secret' })).json()) as Record<string, string>
    const b = (await (await tokenRequest(s, { client_id: 'bank', client_secret: 'bank-secret' })).json()) as Record<string, string>
    const c = (await (await tokenRequest(s, { client_id: 'shop', client_secret: 'shop-secret' })).json()) as Record<string, string>
    expect([a.client_id, a.application_name, b.client_id]).toEqual(['shop', 'Shop', 'bank'])
    expect(new Set([a.access_token, b.access_token, c.access_token]).size).toBe(3)
  })

  test('expires_in follows tokenTtlSeconds', async () => {
    const body = (await (await tokenRequest(sandbox({ tokenTtlSeconds: 120 }), { client_id: 'sandbox-client-id', client_secret: 'sandbox-client-secret' })).json()) as Record<string, string>
    expect(body.expires_in).toBe('119')
  })

  test.each([
    ['a wrong secret', { client_id: 'sandbox-client-id', client_secret: 'sandbox-client-secreT' }],
    ['an unknown client', { client_id: 'nobody', client_secret: 'sandbox-client-secret' }],
    ['a secret of another client', { client_id: 'other', client_secret: 'sandbox-client-secret' }],
  ])('%s gets 401 with the three-field body', async (_, form) => {
    const s = sandbox({
      clients: [
        { clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret' },
        { clientId: 'other', clientSecret: 'other-secret' },
      ],
    })
    const response = await tokenRequest(s, form)
    expect(response.status).toBe(401)
    const body = (await response.json()) as Record<string, string>
    expect(Object.keys(body).toSorted()).toEqual(['SupportMessage', 'statusCode', 'statusMessage'])
    expect(body.statusCode).toBe('401')
    expect(body.statusMessage).toMatch(/client credentials/)
    expect(JSON.stringify(body)).not.toContain('sandbox-client-secret')
  })

  test.each([
    ['no grant_type', '', 400, /grant_type=client_credentials/],
    ['grant_type=password', '?grant_type=password', 400, /grant_type=client_credentials/],
  ])('%s gets %s', async (_, query, status, message) => {
    const response = await tokenRequest(sandbox(), { client_id: 'sandbox-client-id', client_secret: 'sandbox-client-secret' }, query)
    expect(response.status).toBe(status)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toMatch(message)
  })

  test.each([
    ['client_id', { client_secret: 'sandbox-client-secret' }],
    ['client_secret', { client_id: 'sandbox-client-id' }],
  ])('a missing %s gets 400', async (_, form) => {
    const response = await tokenRequest(sandbox(), form)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toMatch(/client_id and client_secret are required/)
  })

  test('a JSON body gets 415', async () => {
    const response = await sandbox().fetch(
      new Request('http://sandbox.test/oauth/client/accesstoken?grant_type=client_credentials', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'sandbox-client-id', client_secret: 'sandbox-client-secret' }),
      }),
    )
    expect(response.status).toBe(415)
  })
})

describe('bearer authentication', () => {
  const endpoints = [
    ['POST', '/verify/v1/identity/verification'],
    ['GET', '/verify/v1/identity/verification/VE0123456789abcdef0123456789abcdef'],
    ['PATCH', '/verify/v1/identity/verification/VE0123456789abcdef0123456789abcdef'],
    ['GET', '/verify/v1/identity/sms/rate'],
  ] as const

  test.each(endpoints)('%s %s without a token gets 401 with WWW-Authenticate: Bearer', async (method, path) => {
    const body = method === 'GET' ? undefined : { to: '+233241234567', code: '123456' }
    const response = await call(sandbox(), method, path, { body })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
    const json = (await response.json()) as Record<string, string>
    expect(Object.keys(json).toSorted()).toEqual(['SupportMessage', 'statusCode', 'statusMessage'])
    expect(json.statusCode).toBe('401')
  })

  test.each(endpoints)('%s %s with an unknown token gets 401', async (method, path) => {
    const response = await call(sandbox(), method, path, { token: 'not-a-token', body: method === 'GET' ? undefined : {} })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/)
    // The token sent is never echoed back.
    expect(await response.text()).not.toContain('not-a-token')
  })

  test.each(['Basic abc', 'Bearer', 'Bearer a b', 'Token abc'])('Authorization %j gets 401', async (authorization) => {
    const s = sandbox()
    const response = await call(s, 'GET', '/verify/v1/identity/sms/rate', { headers: { authorization } })
    expect(response.status).toBe(401)
  })

  test('a token works until tokenTtlSeconds have passed on the sandbox clock, then gets 401', async () => {
    const s = sandbox({ tokenTtlSeconds: 3600 })
    const token = await getToken(s)
    expect((await call(s, 'GET', '/verify/v1/identity/sms/rate', { token })).status).toBe(200)
    s.clock.advance(3599)
    expect((await call(s, 'GET', '/verify/v1/identity/sms/rate', { token })).status).toBe(200)
    s.clock.advance(1)
    const expired = await call(s, 'GET', '/verify/v1/identity/sms/rate', { token })
    expect(expired.status).toBe(401)
    expect(expired.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  test('the scheme is case-insensitive, as RFC 7235 says', async () => {
    const s = sandbox()
    const token = await getToken(s)
    const response = await call(s, 'GET', '/verify/v1/identity/sms/rate', { headers: { authorization: `bearer ${token}` } })
    expect(response.status).toBe(200)
  })
})
