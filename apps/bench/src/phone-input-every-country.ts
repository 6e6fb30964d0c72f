import { measureBundle } from './measure-bundle'
import { measureShippedPhoneRegions } from './phone-region-sizes'

/** What a `PhoneInput` of every country (`countries="all"`) loads, in gzip -9 bytes. */
export interface EveryCountryPhoneInputSize {
  /** What a mounted field loads before any interaction: `PhoneInput` alone (the region index is fetched only when needed). */
  upFrontGzip: number
  /** The region index chunk, fetched with the first country beyond the 14 (or as the list opens, or a `+` number). */
  indexGzip: number
  /** The first country beyond the 14: the index and that country's chunk(s), median over every region. */
  firstCountryMedianGzip: number
  /** The same, for the largest region. */
  firstCountryMaxGzip: number
  /** The region of {@link firstCountryMaxGzip}. */
  firstCountryMaxRegion: string
}

/**
 * Bundles `PhoneInput` as an app would (`measureBundle`): its up-front bytes, and the lazy chunk
 * split off at the region index (`region-index.ts`), added to what choosing each region fetches
 * (`measureShippedPhoneRegions`).
 */
export async function measureEveryCountryPhoneInput(): Promise<EveryCountryPhoneInputSize> {
  const { gzip, lazyChunks } = await measureBundle("export { PhoneInput } from '@hakiki/ui'")
  const indexGzip = lazyChunks.find((chunk) => chunk.source.endsWith('/region-index.ts'))?.gzip ?? 0
  const { chosen, medianGzip } = await measureShippedPhoneRegions()
  const [largest] = chosen
  return { upFrontGzip: gzip, indexGzip, firstCountryMedianGzip: indexGzip + medianGzip, firstCountryMaxGzip: indexGzip + (largest?.gzip ?? 0), firstCountryMaxRegion: largest?.iso2 ?? '' }
}
