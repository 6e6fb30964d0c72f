import { describe, expect, it } from 'vitest'
import { maskAddress } from './mask-address'

describe('maskAddress', () => {
  it('keeps only the dial code and the last two digits of a phone number', () => {
    expect(maskAddress('+233241234567')).toBe('+233*******67')
    expect(maskAddress('+27821234567')).toBe('+278******67')
    expect(maskAddress('+254712345678')).not.toContain('1234567')
  })

  it('keeps the first character and the domain of an e-mail address', () => {
    expect(maskAddress('jane.doe@Example.com')).toBe('j***@example.com')
  })

  it('reduces anything else to its length', () => {
    expect(maskAddress('0241234567')).toBe('[10 chars]')
    expect(maskAddress('jane@exa mple.com')).toBe('[17 chars]')
    expect(maskAddress('')).toBe('[0 chars]')
  })
})
