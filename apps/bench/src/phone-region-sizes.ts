import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import type { Examples, MetadataJson } from 'libphonenumber-js/core'
import { measureBundle } from './measure-bundle'

const require = createRequire(import.meta.url)

/** Per-country phone metadata, measured as the chunk each country would load on demand. */
export interface PhoneRegionSizes {
  /** Regions of libphonenumber-js's `max` metadata. */
  regions: number
  /** gzip bytes of one country's chunk: median and largest. */
  medianGzip: number
  maxGzip: number
  /** The country with the largest chunk. */
  maxRegion: string
}

/**
 * Measures, for every libphonenumber-js region, a module holding only its `max` plan and mobile
 * example (`export default [...]`, gzip -9): the bytes a phone field would fetch when that
 * country is picked, if the metadata is split per country.
 */
export function measurePhoneRegions(): PhoneRegionSizes {
  const max = require('libphonenumber-js/metadata.max.json') as MetadataJson
  const examples = require('libphonenumber-js/examples.mobile.json') as Examples
  const sizes = Object.entries(max.countries)
    .map(([iso2, plan]) => ({ iso2, gzip: gzipSync(`export default ${JSON.stringify([plan, examples[iso2 as keyof Examples] ?? ''])}`, { level: 9 }).length }))
    .toSorted((a, b) => a.gzip - b.gzip)
  const largest = sizes.at(-1)
  return { regions: sizes.length, medianGzip: sizes[Math.floor(sizes.length / 2)]?.gzip ?? 0, maxGzip: largest?.gzip ?? 0, maxRegion: largest?.iso2 ?? '' }
}

/** What `@hakiki/core`'s phone helpers for every region really ship, as an app's bundler splits them. */
export interface ShippedPhoneRegionSizes {
  /** gzip bytes up front: the helpers, the region list, calling codes and one `import()` per chunk. */
  upFrontGzip: number
  /** The metadata chunks: the regions each holds and its gzip bytes. */
  chunks: { regions: string[]; gzip: number }[]
  /** What choosing each region fetches (its chunk, and its shared calling code's main region's chunk when that is another), largest first. */
  chosen: { iso2: string; gzip: number }[]
  /** The median of {@link chosen}. */
  medianGzip: number
}

/**
 * Bundles `loadPhoneRegions` & co. from `@hakiki/core` as an app would (`measureBundle`) and
 * reads which regions each lazy chunk holds from the generated chunk modules (`["IN",[…`).
 */
export async function measureShippedPhoneRegions(): Promise<ShippedPhoneRegionSizes> {
  const { gzip, lazyChunks } = await measureBundle(
    "export { createPhoneHelpers, loadPhoneRegions, PHONE_REGIONS, getPhoneRegionsForCallingCode, getPhoneRegionCallingCode, cleanPhoneInput } from '@hakiki/core'",
  )
  const chunks = lazyChunks.flatMap(({ source, gzip: bytes }) => {
    const file = /phone-regions\/\w\w\.gen\.ts$/.exec(source)?.[0]
    const regions = file ? [...readFileSync(new URL(`../../../packages/core/src/phone/${file}`, import.meta.url), 'utf8').matchAll(/\["([A-Z]{2})",\["/g)].map((m) => m[1] ?? '') : []
    return regions.length > 0 ? [{ regions, gzip: bytes }] : []
  })
  const max = require('libphonenumber-js/metadata.max.json') as MetadataJson
  const chunkOf = (iso2: string) => chunks.find((chunk) => chunk.regions.includes(iso2))
  const chosen = chunks
    .flatMap((chunk) => chunk.regions)
    .map((iso2) => {
      const own = chunkOf(iso2)
      const plan = max.countries[iso2 as keyof MetadataJson['countries']]
      const main = chunkOf(max.country_calling_codes[plan?.[0] ?? '']?.[0] ?? iso2)
      return { iso2, gzip: (own?.gzip ?? 0) + (main === own ? 0 : (main?.gzip ?? 0)) }
    })
    .toSorted((a, b) => b.gzip - a.gzip)
  return { upFrontGzip: gzip, chunks, chosen, medianGzip: chosen[Math.floor(chosen.length / 2)]?.gzip ?? 0 }
}
