import type { Examples, MetadataJson } from 'libphonenumber-js/core'
import type { PhoneRegionData } from './phone-region-data'
import { phoneMainRegions, phoneRegionChunks, phoneRegionEntries } from './phone-regions.gen'

/** Calling code and chunk number of each region, read once from the generated index (`AC247bb` → AC: 247, chunk 27). */
const regionEntries: ReadonlyMap<string, readonly [callingCode: string, chunk: number]> = /* @__PURE__ */ new Map(
  [...phoneRegionEntries.matchAll(/([A-Z]{2})(\d+)([a-z]+)/g)].map(([, iso2 = '', code = '', chunk = '']) => [
    iso2,
    [code, [...chunk].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 97, 0)],
  ]),
)

/** The main region of each shared calling code (`US` of `+1`, `GB` of `+44`). */
const mainRegions: ReadonlySet<string> = /* @__PURE__ */ new Set(phoneMainRegions.match(/../g))

/**
 * Every region (ISO 3166-1 alpha-2) whose metadata the package's own phone helpers read exactly:
 * the ones `src/phone-differential.test.ts` proves equal to libphonenumber-js (all 245 of its
 * regions with libphonenumber-js 1.13.16), in alphabetical order.
 */
export const PHONE_REGIONS: readonly string[] = [...regionEntries.keys()]

/** The calling code of a region of {@link PHONE_REGIONS} (`DE` → `49`), without loading its metadata. */
export function getPhoneRegionCallingCode(iso2: string): string | undefined {
  return regionEntries.get(iso2)?.[0]
}

/**
 * The regions of {@link PHONE_REGIONS} with this calling code, in libphonenumber-js's order: its
 * main region first, then the others alphabetically (`1` → US, AG, AI, …, CA, …; `590` → GP, BL, MF).
 */
export function getPhoneRegionsForCallingCode(callingCode: string): string[] {
  const regions = PHONE_REGIONS.filter((iso2) => getPhoneRegionCallingCode(iso2) === callingCode)
  const main = regions.find((iso2) => mainRegions.has(iso2))
  return main ? [main, ...regions.filter((iso2) => iso2 !== main)] : regions
}

/** Metadata of some regions, for {@link createPhoneHelpers}. */
export interface LoadedPhoneRegions {
  metadata: MetadataJson
  examples: Partial<Examples>
}

/**
 * Loads the metadata of `regions` and merges it for `createPhoneHelpers(metadata, examples)`.
 * Regions outside {@link PHONE_REGIONS} are skipped. Each region's metadata is fetched with
 * `import()` the first time, in a chunk it shares with a few small regions (56 chunks for the 245
 * regions: every `import()` costs bytes up front), at most ~1.5 kB gzip per region chosen.
 *
 * A region of a shared calling code brings its code's main region along (`CA` loads `US` too, `JE`
 * loads `GB`): libphonenumber-js lays out every number of the code with the main region's formats
 * when a region has none of its own, and reads an international number with its national prefix
 * rules. A `+1` number is then given to the first loaded region of `+1`, in libphonenumber-js's
 * order, whose leading digits or number types it fits, as libphonenumber-js does; a number of a
 * region not loaded is read in the main region, as an invalid number. To tell every region of a
 * code apart (`+1 416…` is Canadian), load them all: `getPhoneRegionsForCallingCode('1')`.
 */
export async function loadPhoneRegions(regions: readonly string[]): Promise<LoadedPhoneRegions> {
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
