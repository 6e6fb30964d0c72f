import { describe, expect, it } from 'vitest'
import { forwardedFor, trustedProxies } from './forwarded-for'

const request = (xff?: string) => new Request('http://localhost:3000/api/verify/verifications', xff === undefined ? {} : { headers: { 'x-forwarded-for': xff } })

describe('the client IP from X-Forwarded-For', () => {
  it('takes the entry the outermost trusted proxy appended, never one the client wrote', () => {
    // The client forged "6.6.6.6"; the one proxy appended the address it saw.
    expect(forwardedFor(request('6.6.6.6, 203.0.113.7'), 1)).toBe('203.0.113.7')
    // Two proxies: the second appended the first's address.
    expect(forwardedFor(request('6.6.6.6, 203.0.113.7, 10.0.0.2'), 2)).toBe('203.0.113.7')
  })

  it('knows no IP when the header is missing or shorter than the proxies in front', () => {
    expect(forwardedFor(request(), 1)).toBeUndefined()
    expect(forwardedFor(request('203.0.113.7'), 2)).toBeUndefined()
    expect(forwardedFor(request('203.0.113.7'), 0)).toBeUndefined()
  })

  it('reads the number of proxies from HAKIKI_TRUSTED_PROXIES, 0 unless a positive integer', () => {
    expect([undefined, '', '0', '-1', '1.5', 'yes', '1', '2'].map((value) => trustedProxies({ HAKIKI_TRUSTED_PROXIES: value }))).toEqual([0, 0, 0, 0, 0, 0, 1, 2])
  })
})
