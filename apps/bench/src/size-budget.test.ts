import { describe, expect, it } from 'vitest'
import { measureBundle } from './measure-bundle'
import { measureEveryCountryPhoneInput } from './phone-input-every-country'
import { SIZE_ENTRIES } from './size-entries'

// Byte counts of a fixed build are deterministic, so CI may enforce them (unlike timings).
describe('size budgets of our consumer bundles (gzip -9)', () => {
  for (const entry of SIZE_ENTRIES.filter((e) => e.budgetGzip !== undefined)) {
    it(`${entry.name} ≤ ${(entry.budgetGzip ?? 0) / 1024} kB`, async () => {
      const { gzip } = await measureBundle(entry.code)
      expect(gzip).toBeGreaterThan(200)
      expect(gzip).toBeLessThanOrEqual(entry.budgetGzip ?? 0)
    })
  }

  it('PhoneInput of every country: the first country beyond the 14 (region index + its chunk) ≤ 4.5 kB', async () => {
    const { indexGzip, firstCountryMaxGzip } = await measureEveryCountryPhoneInput()
    // The index is a chunk of its own, not in the up-front bytes above.
    expect(indexGzip).toBeGreaterThan(1024)
    expect(firstCountryMaxGzip).toBeLessThanOrEqual(4.5 * 1024)
  })

  it('keeps the 35 other locales out of the up-front bundle of the flow', async () => {
    const flow = SIZE_ENTRIES.find((e) => e.name === 'hakiki VerificationFlow')
    const { lazyMinified } = await measureBundle(flow?.code ?? '')
    // Each translation is a chunk loaded on demand; together they weigh far more than 35 kB.
    expect(lazyMinified).toBeGreaterThan(35 * 4 * 1024)
  })
})
