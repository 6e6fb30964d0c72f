import { describe, expect, it } from 'vitest'
import { demoDefaultCountry } from './default-country'

describe('the demo phone field’s first country', () => {
  it("is the guide's country (Ghana) when the browser's region is not covered, or says none", () => {
    expect(demoDefaultCountry(['en-US', 'en'], undefined)).toBe('GH')
    expect(demoDefaultCountry(['de-DE'], undefined)).toBe('GH')
    expect(demoDefaultCountry(['fr'], undefined)).toBe('GH')
    expect(demoDefaultCountry([], undefined)).toBe('GH')
  })

  it("is the browser's region when the demo offers it", () => {
    expect(demoDefaultCountry(['fr-CI', 'fr'], undefined)).toBe('CI')
    expect(demoDefaultCountry(['sw'], undefined)).toBe('TZ')
    // With Twilio every country is offered.
    expect(demoDefaultCountry(['de-DE'], 'all')).toBe('DE')
  })
})
