import type { Examples, MetadataJson } from 'libphonenumber-js/core'
import { phoneRegionCallingCodes, phoneRegionLoaders } from './phone-regions.gen'

/**
 * Every region (ISO 3166-1 alpha-2) whose metadata the package's own phone helpers read exactly:
 * the ones `src/phone-differential.test.ts` proves equal to libphonenumber-js (173 of its 245).
 * The others need parser features the helpers lack (shared calling codes such as +1 and +44,
 * national prefix transform rules, preferred international prefixes, ...).
 */
export const PHONE_REGIONS: readonly string[] = Object.keys(phoneRegionCallingCodes)

/** The calling code of a region of {@link PHONE_REGIONS} (`DE` → `49`), without loading its metadata. */
export function getPhoneRegionCallingCode(iso2: string): string | undefined {
  return Object.hasOwn(phoneRegionCallingCodes, iso2) ? phoneRegionCallingCodes[iso2] : undefined
}

/** The regions of {@link PHONE_REGIONS} with this calling code (`590` → GP, BL, MF), in metadata order. */
export function getPhoneRegionsForCallingCode(callingCode: string): string[] {
  return PHONE_REGIONS.filter((iso2) => phoneRegionCallingCodes[iso2] === callingCode)
}

/** Metadata of some regions, for {@link createPhoneHelpers}. */
export interface LoadedPhoneRegions {
  metadata: MetadataJson
  examples: Partial<Examples>
}

/**
 * Loads the metadata of `regions` (each its own chunk, fetched with `import()` the first time)
 * and merges it for `createPhoneHelpers(metadata, examples)`. Regions outside
 * {@link PHONE_REGIONS} are skipped. Where several loaded regions share a calling code, an
 * international number with that code is read in the first of them: the helpers give each
 * calling code one region, so load one region per code.
 */
export async function loadPhoneRegions(regions: readonly string[]): Promise<LoadedPhoneRegions> {
  const loaded = await Promise.all(regions.filter((iso2) => Object.hasOwn(phoneRegionLoaders, iso2)).map((iso2) => phoneRegionLoaders[iso2]?.()))
  const metadata = { version: 4, country_calling_codes: {}, countries: {}, nonGeographic: {} } as unknown as MetadataJson
  const codes = metadata.country_calling_codes as Record<string, string[]>
  const countries = metadata.countries as Record<string, unknown>
  const examples: Record<string, string> = {}
  for (const region of loaded) {
    if (!region) continue
    const [iso2, plan, example] = region
    const code = (plan as readonly [string])[0]
    countries[iso2] = plan
    codes[code] = [...(codes[code] ?? []), iso2]
    if (example) examples[iso2] = example
  }
  return { metadata, examples: examples as Partial<Examples> }
}
