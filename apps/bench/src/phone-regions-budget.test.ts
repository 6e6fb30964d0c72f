import { describe, expect, it } from 'vitest'
import { measureBundle } from './measure-bundle'

/**
 * Budgets of the phone helpers for every region the package reads exactly (issue 15): what loads
 * up front (helpers, the region list and calling codes, one `import()` per region) and each
 * region's metadata chunk, fetched when that region is chosen. Byte counts of a fixed build are
 * deterministic, so they can be enforced.
 */
describe('phone helpers for every region (gzip -9)', () => {
  it('load ≤ 15 kB up front and ≤ 1.5 kB per region', async () => {
    const { gzip, lazyGzip } = await measureBundle(
      "export { createPhoneHelpers, loadPhoneRegions, PHONE_REGIONS, getPhoneRegionsForCallingCode, getPhoneRegionCallingCode, cleanPhoneInput } from '@hakiki/core'",
    )
    expect(gzip).toBeGreaterThan(2 * 1024)
    expect(gzip).toBeLessThanOrEqual(15 * 1024)
    // One chunk per region: none of them bundled up front.
    expect(lazyGzip.length).toBeGreaterThanOrEqual(173)
    expect(lazyGzip[0]).toBeLessThanOrEqual(1.5 * 1024)
    console.info(`up front ${gzip} B gzip; ${lazyGzip.length} region chunks, largest ${lazyGzip[0]} B, median ${lazyGzip[Math.floor(lazyGzip.length / 2)]} B`)
  })
})
