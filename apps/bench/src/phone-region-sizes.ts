import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import type { Examples, MetadataJson } from 'libphonenumber-js/core'

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
