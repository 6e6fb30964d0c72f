import { VerifyApiError } from '@hakiki/verify-client'
import { describe, expect, it } from 'vitest'
import { MAX_RETRY_AFTER_SECONDS, upstreamProblem } from './upstream-problem'

const limited = (retryAfter: number | undefined) =>
  upstreamProblem(new VerifyApiError({ code: 'rate_limited', operation: 'create', ...(retryAfter === undefined ? {} : { retryAfter }) }), {
    operation: 'create',
    channel: 'sms',
  })

describe('upstreamProblem', () => {
  it("passes the API's Retry-After on, but never one beyond an hour", () => {
    // The API's number used to go out as is: "Retry-After: 1e+22", and the rates route's backoff
    // (which follows it) would never have asked the API again.
    expect(limited(120).extras.retryAfter).toBe(120)
    expect(limited(undefined).extras.retryAfter).toBe(60)
    expect(limited(1e22).extras.retryAfter).toBe(MAX_RETRY_AFTER_SECONDS)
    expect(limited(0).extras.retryAfter).toBe(1)
    expect(MAX_RETRY_AFTER_SECONDS).toBe(3600)
  })
})
