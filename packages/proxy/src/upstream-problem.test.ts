import { describe, expect, it } from 'vitest'
import { ProviderError } from '@hakiki/provider'
import { MAX_RETRY_AFTER_SECONDS, upstreamProblem } from './upstream-problem'

const limited = (retryAfter: number | undefined) =>
  upstreamProblem(new ProviderError('rate_limited', { operation: 'start', provider: 'test', ...(retryAfter === undefined ? {} : { retryAfter }) }))

describe('upstreamProblem', () => {
  it("passes the provider's Retry-After on, but never one beyond an hour", () => {
    // The API's number used to go out as is: "Retry-After: 1e+22", and the rates route's backoff
    // (which follows it) would never have asked the API again.
    expect(limited(120).extras.retryAfter).toBe(120)
    expect(limited(undefined).extras.retryAfter).toBe(60)
    expect(limited(1e22).extras.retryAfter).toBe(MAX_RETRY_AFTER_SECONDS)
    expect(limited(0).extras.retryAfter).toBe(1)
    expect(MAX_RETRY_AFTER_SECONDS).toBe(3600)
  })

  it('reads not_found as a missing endpoint on start, as an unknown verification on check', () => {
    expect(upstreamProblem(new ProviderError('not_found', { operation: 'start', provider: 'test' })).status).toBe(502)
    expect(upstreamProblem(new ProviderError('not_found', { operation: 'check', provider: 'test' })).status).toBe(404)
    expect(upstreamProblem(new Error('anything')).code).toBe('upstream_unavailable')
  })
})
