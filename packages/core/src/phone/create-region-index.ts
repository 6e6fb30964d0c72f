import type { Examples, MetadataJson } from 'libphonenumber-js/core'
import type { PhoneRegionData } from './phone-region-data'
import { phoneMainRegions, phoneRegionChunks, phoneRegionEntries } from './phone-regions.gen'

/** Metadata of some regions, for {@link createPhoneHelpers}. */
export interface LoadedPhoneRegions {
  metadata: MetadataJson
  examples: Partial<Examples>
}

/** The region list, calling codes and metadata loader over the generated index (`load-phone-regions.ts` documents each). */
export interface RegionIndex {
  PHONE_REGIONS: readonly string[]
  getPhoneRegionCallingCode: (iso2: string) => string | undefined
  getPhoneRegionsForCallingCode: (callingCode: string) => string[]
  loadPhoneRegions: (regions: readonly string[]) => Promise<LoadedPhoneRegions>
}

/**
 * Reads the generated index into the functions of {@link RegionIndex}. A function, not module
 * state: the package barrel's `load-phone-regions.ts` and the region index chunk
 * (`region-index.ts`, loaded with `import()`) each make their own. A module that both a barrel's
 * `export *` and a dynamic import reach is wrapped by esbuild in a lazy initialiser that a bundle
 * without code splitting never calls before the barrel's export is read (evanw/esbuild#1490:
 * `PHONE_REGIONS` of `@hakiki/core` was `undefined` there; apps/bench's esbuild-lazy-init test).
 */
export function createRegionIndex(): RegionIndex {
  /** Calling code and chunk number of each region, read once from the generated index (`AC247bb` → AC: 247, chunk 27). */
  const regionEntries: ReadonlyMap<string, readonly [callingCode: string, chunk: number]> = new Map(
    [...phoneRegionEntries.matchAll(/([A-Z]{2})(\d+)([a-z]+)/g)].map(([, iso2 = '', code = '', chunk = '']) => [
      iso2,
      [code, [...chunk].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 97, 0)],
    ]),
  )
  /** The main region of each shared calling code (`US` of `+1`, `GB` of `+44`). */
  const mainRegions: ReadonlySet<string> = new Set(phoneMainRegions.match(/../g))
  const PHONE_REGIONS: readonly string[] = [...regionEntries.keys()]
  const getPhoneRegionCallingCode = (iso2: string): string | undefined => regionEntries.get(iso2)?.[0]
  const getPhoneRegionsForCallingCode = (callingCode: string): string[] => {
    const regions = PHONE_REGIONS.filter((iso2) => getPhoneRegionCallingCode(iso2) === callingCode)
    const main = regions.find((iso2) => mainRegions.has(iso2))
    return main ? [main, ...regions.filter((iso2) => iso2 !== main)] : regions
  }
  const loadPhoneRegions = async (regions: readonly string[]): Promise<LoadedPhoneRegions> => {
    const wanted = new Set<string>()
    for (const iso2 of regions) {
      const code = getPhoneRegionCallingCode(iso2)
      if (code === undefined) continue
      wanted.add(iso2)
      const main = getPhoneRegionsForCallingCode(code)[0]
      if (main) wanted.add(main)
    }
    // Small regions share a chunk: fetch each chunk once, and keep only the regions asked for.
    const chunks = new Set([...wanted].map((iso2) => phoneRegionChunks[regionEntries.get(iso2)?.[1] ?? -1]))
    const modules = await Promise.all([...chunks].map((load) => load?.()))
    const loaded = modules.flatMap((module): readonly PhoneRegionData[] => module?.phoneRegions ?? []).filter((region) => wanted.has(region[0]))
    const metadata = { version: 4, country_calling_codes: {}, countries: {}, nonGeographic: {} } as unknown as MetadataJson
    const codes = metadata.country_calling_codes as Record<string, string[]>
    const countries = metadata.countries as Record<string, unknown>
    const examples: Record<string, string> = {}
    for (const region of loaded) {
      if (!region) continue
      const [iso2, plan, example] = region
      const code = (plan as readonly [string])[0]
      countries[iso2] = plan
      codes[code] = getPhoneRegionsForCallingCode(code).filter((c) => wanted.has(c))
      if (example) examples[iso2] = example
    }
    return { metadata, examples: examples as Partial<Examples> }
  }
  return { PHONE_REGIONS, getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, loadPhoneRegions }
}
