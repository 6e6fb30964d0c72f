import { getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, PHONE_REGIONS } from '@hakiki/core'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { measureBundle } from './measure-bundle'

/**
 * Budgets of the phone helpers for every region (issue 15): what loads up front (helpers, the
 * region list, calling codes and shared codes, one `import()` per chunk of regions) and what
 * choosing one region fetches: the chunk holding it (with the few small regions packed with it),
 * plus its calling code's main region's chunk for a region of a shared code
 * (`loadPhoneRegions(['JE'])` loads GB too) when that is another chunk. Byte counts
 * of a fixed build are deterministic, so they can be enforced.
 */
describe('phone helpers for every region (gzip -9)', () => {
  it('load ≤ 15 kB up front and ≤ 1.6 kB per region chosen', async () => {
    const { gzip, lazyChunks } = await measureBundle(
      "export { createPhoneHelpers, loadPhoneRegions, PHONE_REGIONS, getPhoneRegionsForCallingCode, getPhoneRegionCallingCode, cleanPhoneInput } from '@hakiki/core'",
    )
    expect(gzip).toBeGreaterThan(2 * 1024)
    expect(gzip).toBeLessThanOrEqual(15 * 1024)
    // Regions come in chunks of a few (each `import()` costs bytes up front), none bundled up front.
    const chunks = lazyChunks.flatMap(({ source, gzip: bytes }) => {
      const file = /phone-regions\/\w\w\.gen\.ts$/.exec(source)?.[0]
      // The generated chunk names its regions: `["IN",[…`.
      const regions = file ? [...readFileSync(new URL(`../../../packages/core/src/${file}`, import.meta.url), 'utf8').matchAll(/\["([A-Z]{2})",\["/g)].map((m) => m[1] ?? '') : []
      return regions.length > 0 ? [{ regions, bytes }] : []
    })
    expect(chunks.flatMap((chunk) => chunk.regions).toSorted()).toEqual([...PHONE_REGIONS].toSorted())
    expect(chunks.length).toBeLessThan(PHONE_REGIONS.length / 3)
    const chunkOf = (iso2: string) => chunks.find((chunk) => chunk.regions.includes(iso2))
    const chosen = PHONE_REGIONS.map((iso2) => {
      const own = chunkOf(iso2)
      const main = chunkOf(getPhoneRegionsForCallingCode(getPhoneRegionCallingCode(iso2) ?? '')[0] ?? iso2)
      return { iso2, gzip: (own?.bytes ?? 0) + (main === own ? 0 : (main?.bytes ?? 0)) }
    }).toSorted((a, b) => b.gzip - a.gzip)
    const [largest] = chosen
    // India's plan is the largest of libphonenumber-js's (~1.56 kB), in a chunk of its own; choosing
    // any other region fetches under 1.5 kB, its chunk-mates and its main region included.
    expect(largest?.gzip).toBeLessThanOrEqual(1.6 * 1024)
    expect(chosen.filter((region) => region.gzip > 1.5 * 1024).map((region) => region.iso2)).toEqual(['IN'])
    const median = chosen[Math.floor(chosen.length / 2)]?.gzip
    console.info(`up front ${gzip} B gzip; ${PHONE_REGIONS.length} regions in ${chunks.length} chunks; per region chosen (with its main region's chunk): largest ${largest?.iso2} ${largest?.gzip} B, then ${chosen.slice(1, 4).map((r) => `${r.iso2} ${r.gzip} B`).join(', ')}; median ${median} B`)
  })
})
