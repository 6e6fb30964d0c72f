import { describe, expect, it } from 'vitest'
import { getAdapterClientIp, ipLimitKey, recordClientIp, setClientIp } from './client-ip'

describe('ipLimitKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(ipLimitKey('41.66.1.2')).toBe('41.66.1.2')
    expect(ipLimitKey('::ffff:41.66.1.2')).toBe('41.66.1.2')
    // The same address in hex: it used to become the /64 "0:0:0:0::/64", one counter shared by
    // every IPv4 client spelled this way.
    expect(ipLimitKey('::ffff:2942:102')).toBe('41.66.1.2')
    expect(ipLimitKey('0:0:0:0:0:FFFF:2942:0102')).toBe('41.66.1.2')
  })

  it('groups IPv6 addresses by /56, however they are spelled', () => {
    const a = ipLimitKey('2c0f:f248:0:1::aaaa')
    expect(a).toBe('2c0f:f248:0:0::/56')
    expect(ipLimitKey('2C0F:F248:0000:0001:ffff:1:2:3')).toBe(a)
    expect(ipLimitKey('[2c0f:f248::1:0:0:0:9]%eth0')).toBe(a)
    // Another /64 of the same /56 (a subscriber rotating prefixes) counts together.
    expect(ipLimitKey('2c0f:f248:0:ff::1')).toBe(a)
    expect(ipLimitKey('2c0f:f248:0:100::1')).not.toBe(a)
  })

  it('spells IPv4 addresses one way (leading zeros) and refuses octets over 255', () => {
    expect(ipLimitKey('041.066.001.002')).toBe('41.66.1.2')
    expect(ipLimitKey('::ffff:041.66.1.2')).toBe('41.66.1.2')
    expect(ipLimitKey('300.1.1.1')).toBeUndefined()
  })

  it('drops a port after the address', () => {
    expect(ipLimitKey('41.66.1.2:51234')).toBe('41.66.1.2')
    expect(ipLimitKey('[2c0f:f248:0:1::aaaa]:443')).toBe('2c0f:f248:0:0::/56')
  })

  it('refuses what is not an address', () => {
    expect(ipLimitKey('not-an-ip')).toBeUndefined()
    expect(ipLimitKey('1::2::3')).toBeUndefined()
    expect(ipLimitKey('1:2:3:4:5:6:7:8:9')).toBeUndefined()
  })
})

describe('the client IP an adapter recorded', () => {
  it('is what the handler reads, unless the app set one with setClientIp (inside a wrapper, after the adapter)', () => {
    const view = { method: 'POST', url: 'http://127.0.0.1/api/verify/verifications', headers: { get: () => null } }
    expect(getAdapterClientIp(view)).toBeUndefined()
    recordClientIp(view, '198.51.100.7')
    expect(getAdapterClientIp(view)).toBe('198.51.100.7')
    setClientIp(view as unknown as Request, '203.0.113.9')
    expect(getAdapterClientIp(view)).toBe('203.0.113.9')
  })
})
