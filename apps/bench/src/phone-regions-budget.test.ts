import { getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, PHONE_REGIONS } from '@hakiki/core'
import { describe, expect, it } from 'vitest'
import { measureBundle } from './measure-bundle'

/**
 * Budgets of the phone helpers for every region (issue 15): what loads up front (helpers, the
 * region list, calling codes and shared codes, one `import()` per region) and what choosing one
 * region fetches: its metadata chunk, plus its calling code's main region's chunk for a region of a
 * shared code (`loadPhoneRegions(['JE'])` loads GB too) unless that is loaded already. Byte counts
 * of a fixed build are deterministic, so they can be enforced.
 */
describe('phone helpers for every region (gzip -9)', () => {
  it('load ≤ 15 kB up front and ≤ 1.6 kB per region chosen', async () => {
    const { gzip, lazyChunks } = await measureBundle(
      "export { createPhoneHelpers, loadPhoneRegions, PHONE_REGIONS, getPhoneRegionsForCallingCode, getPhoneRegionCallingCode, cleanPhoneInput } from '@hakiki/core'",
    )
    expect(gzip).toBeGreaterThan(2 * 1024)
    expect(gzip).toBeLessThanOrEqual(15 * 1024)
    // One chunk per region: none of them bundled up front.
    const chunkOf = new Map(lazyChunks.flatMap(({ source, gzip: bytes }) => (/phone-regions\/(\w\w)\.gen\.ts$/.exec(source)?.[1] ? [[/phone-regions\/(\w\w)\.gen\.ts$/.exec(source)?.[1] ?? '', bytes]] : [])))
    expect([...chunkOf.keys()].toSorted()).toEqual([...PHONE_REGIONS].toSorted())
    const chosen = PHONE_REGIONS.map((iso2) => {
      const main = getPhoneRegionsForCallingCode(getPhoneRegionCallingCode(iso2) ?? '')[0] ?? iso2
      return { iso2, gzip: (chunkOf.get(iso2) ?? 0) + (main === iso2 ? 0 : (chunkOf.get(main) ?? 0)) }
    }).toSorted((a, b) => b.gzip - a.gzip)
    const [largest] = chosen
    // India's plan is the largest of libphonenumber-js's (~1.56 kB); every other region is under 1.5 kB, its main region included.
    expect(largest?.gzip).toBeLessThanOrEqual(1.6 * 1024)
    expect(chosen.filter((region) => region.gzip > 1.5 * 1024).map((region) => region.iso2)).toEqual(['IN'])
    const median = chosen[Math.floor(chosen.length / 2)]?.gzip
    console.info(`up front ${gzip} B gzip; ${chunkOf.size} region chunks; per region chosen (with its main region's chunk): largest ${largest?.iso2} ${largest?.gzip} B, then ${chosen.slice(1, 4).map((r) => `${r.iso2} ${r.gzip} B`).join(', ')}; median ${median} B`)
  })
})
