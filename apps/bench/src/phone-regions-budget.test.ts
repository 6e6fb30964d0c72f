import { PHONE_REGIONS } from '@hakiki/core'
import { describe, expect, it } from 'vitest'
import { measureShippedPhoneRegions } from './phone-region-sizes'

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
    const { upFrontGzip, chunks, chosen, medianGzip } = await measureShippedPhoneRegions()
    expect(upFrontGzip).toBeGreaterThan(2 * 1024)
    expect(upFrontGzip).toBeLessThanOrEqual(15 * 1024)
    // Regions come in chunks of a few (each `import()` costs bytes up front), none bundled up front.
    expect(chunks.flatMap((chunk) => chunk.regions).toSorted()).toEqual([...PHONE_REGIONS].toSorted())
    expect(chunks.length).toBeLessThan(PHONE_REGIONS.length / 3)
    const [largest] = chosen
    // India's plan is the largest of libphonenumber-js's (~1.56 kB), in a chunk of its own; choosing
    // any other region fetches under 1.5 kB, its chunk-mates and its main region included.
    expect(largest?.gzip).toBeLessThanOrEqual(1.6 * 1024)
    expect(chosen.filter((region) => region.gzip > 1.5 * 1024).map((region) => region.iso2)).toEqual(['IN'])
    // Canada's chunk holds the US's plan, or both are fetched: the US lays Canadian numbers out.
    expect(chosen.find((region) => region.iso2 === 'CA')?.gzip).toBeGreaterThanOrEqual(chunks.find((chunk) => chunk.regions.includes('US'))?.gzip ?? 0)
    console.info(`up front ${upFrontGzip} B gzip; ${PHONE_REGIONS.length} regions in ${chunks.length} chunks; per region chosen (with its main region's chunk): largest ${largest?.iso2} ${largest?.gzip} B, then ${chosen.slice(1, 4).map((r) => `${r.iso2} ${r.gzip} B`).join(', ')}; median ${medianGzip} B`)
  })
})
