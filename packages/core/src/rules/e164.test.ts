import { describe, expect, it } from 'vitest'
import { isE164 } from './e164'

describe('isE164', () => {
  it.each(['+233241234567', '+27821234567', '+234800123456789', '+12'])('accepts %j', (value) => {
    expect(isE164(value)).toBe(true)
  })

  // Nigeria's 14-digit national numbers (toll-free 800…, UAN 700…) are valid in the metadata, 16–17 digits in all.
  it.each(['+2348001234567890', '+23470012345678901', '233241234567', '+0233241234567', '+233 24 123 4567', '+', '+1'])('refuses %j', (value) => {
    expect(isE164(value)).toBe(false)
  })
})
