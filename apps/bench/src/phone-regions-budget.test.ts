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
  it('load ≤ 15 kB up front and ≤ 3.1 kB per region chosen', async () => {
    const { upFrontGzip, chunks, chosen, medianGzip } = await measureShippedPhoneRegions()
    expect(upFrontGzip).toBeGreaterThan(2 * 1024)
    expect(upFrontGzip).toBeLessThanOrEqual(15 * 1024)
    // Regions come in chunks of a few (each `import()` costs bytes up front), none bundled up front.
    expect(chunks.flatMap((chunk) => chunk.regions).toSorted()).toEqual([...PHONE_REGIONS].toSorted())
    const [largest] = chosen
    // Regions are packed up to ~3 kB (the generator's PHONE_CHUNK_BUDGET, its estimate within a few
    // bytes of a bundler's): choosing any region fetches at most that, its chunk-mates and its main
    // region included; fewer than 30 chunks (each one more is ~16 B up front in webpack's runtime).
    expect(largest?.gzip).toBeLessThanOrEqual(3.1 * 1024)
    expect(chunks.length).toBeLessThan(30)
    // Canada's chunk holds the US's plan, or both are fetched: the US lays Canadian numbers out.
    expect(chosen.find((region) => region.iso2 === 'CA')?.gzip).toBeGreaterThanOrEqual(chunks.find((chunk) => chunk.regions.includes('US'))?.gzip ?? 0)
    console.info(`up front ${upFrontGzip} B gzip; ${PHONE_REGIONS.length} regions in ${chunks.length} chunks; per region chosen (with its main region's chunk): largest ${largest?.iso2} ${largest?.gzip} B, then ${chosen.slice(1, 4).map((r) => `${r.iso2} ${r.gzip} B`).join(', ')}; median ${medianGzip} B`)
  })
})
