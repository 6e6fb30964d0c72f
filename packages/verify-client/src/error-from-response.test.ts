import { describe, expect, it } from 'vitest'
import { errorFromResponse, parseRetryAfter, scrub } from './error-from-response'

const exchange = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  response: new Response(null, { status, headers }),
  text: typeof body === 'string' ? body : JSON.stringify(body),
})
const context = { now: () => Date.parse('2030-01-01T00:00:00Z'), secrets: ['s3cret', 'tok3n'] }

describe('errorFromResponse', () => {
  it('reads the client-style error body', () => {
    const error = errorFromResponse(
      exchange(404, { statusCode: '404', statusMessage: 'Verification not found', SupportMessage: 'x' }),
      { ...context, operation: 'get' },
    )
    expect(error).toMatchObject({
      code: 'not_found',
      operation: 'get',
      status: 404,
      statusCode: '404',
      statusMessage: 'Verification not found',
    })
  })

  it("reads the 500 body's short error text, not its internal detail message", () => {
    const error = errorFromResponse(
      exchange(500, { status: '500', error: 'Internal Server Error', message: 'NullPointer at Foo.java:12' }),
      { ...context, operation: 'create' },
    )
    expect(error).toMatchObject({ code: 'server_error', statusCode: '500', statusMessage: 'Internal Server Error' })
    expect(error.message).not.toContain('Foo.java')
  })

  it('maps every status to its code, and keeps Retry-After of a 429', () => {
    const codeOf = (status: number) =>
      errorFromResponse(exchange(status, 'not json'), { ...context, operation: 'rates' }).code
    expect([400, 401, 404, 407, 413, 415, 429, 500, 503, 302, 418].map(codeOf)).toEqual([
      'bad_request', 'unauthorized', 'not_found', 'proxy_auth_required', 'payload_too_large',
      'unsupported_media_type', 'rate_limited', 'server_error', 'server_error', 'http_error', 'http_error',
    ])
    const limited = errorFromResponse(exchange(429, {}, { 'retry-after': '30' }), { ...context, operation: 'create' })
    expect(limited.retryAfter).toBe(30)
  })

  it('scrubs secrets the service echoed back', () => {
    const error = errorFromResponse(
      exchange(401, { statusMessage: 'bad token tok3n for secret s3cret' }),
      { ...context, operation: 'verify' },
    )
    expect(error.statusMessage).toBe('bad token [redacted] for secret [redacted]')
    expect(String(error)).not.toMatch(/tok3n|s3cret/)
  })
})

describe('scrub', () => {
  it('drops control characters and cuts long texts', () => {
    expect(scrub('a\r\nb', [])).toBe('a b')
    expect(scrub('x'.repeat(2000), []).length).toBe(500)
  })
})

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', context.now)).toBe(120)
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:01:30 GMT', context.now)).toBe(90)
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', context.now)).toBe(0)
    expect(parseRetryAfter('soon', context.now)).toBeUndefined()
    expect(parseRetryAfter(null, context.now)).toBeUndefined()
  })
})
