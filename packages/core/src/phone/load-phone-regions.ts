import { createRegionIndex, type LoadedPhoneRegions } from './create-region-index'

export type { LoadedPhoneRegions } from './create-region-index'

const index = /* @__PURE__ */ createRegionIndex()

/**
 * Every region (ISO 3166-1 alpha-2) whose metadata the package's own phone helpers read exactly:
 * the ones `src/phone-differential.test.ts` proves equal to libphonenumber-js (all 245 of its
 * regions with libphonenumber-js 1.13.16), in alphabetical order.
 */
export const PHONE_REGIONS: readonly string[] = index.PHONE_REGIONS

/** The calling code of a region of {@link PHONE_REGIONS} (`DE` → `49`), without loading its metadata. */
export function getPhoneRegionCallingCode(iso2: string): string | undefined {
  return index.getPhoneRegionCallingCode(iso2)
}

/**
 * The regions of {@link PHONE_REGIONS} with this calling code, in libphonenumber-js's order: its
 * main region first, then the others alphabetically (`1` → US, AG, AI, …, CA, …; `590` → GP, BL, MF).
 */
export function getPhoneRegionsForCallingCode(callingCode: string): string[] {
  return index.getPhoneRegionsForCallingCode(callingCode)
}

/**
 * Loads the metadata of `regions` and merges it for `createPhoneHelpers(metadata, examples)`.
 * Regions outside {@link PHONE_REGIONS} are skipped. Each region's metadata is fetched with
 * `import()` the first time, in a chunk it shares with other regions (15 chunks for the 245
 * regions: every `import()` costs bytes up front), at most ~3 kB gzip per region chosen.
 *
 * A region of a shared calling code brings its code's main region along (`CA` loads `US` too, `JE`
 * loads `GB`): libphonenumber-js lays out every number of the code with the main region's formats
 * when a region has none of its own, and reads an international number with its national prefix
 * rules. A `+1` number is then given to the first loaded region of `+1`, in libphonenumber-js's
 * order, whose leading digits or number types it fits, as libphonenumber-js does; a number of a
 * region not loaded is read in the main region, as an invalid number. To tell every region of a
 * code apart (`+1 416…` is Canadian), load them all: `getPhoneRegionsForCallingCode('1')`.
 */
export function loadPhoneRegions(regions: readonly string[]): Promise<LoadedPhoneRegions> {
  return index.loadPhoneRegions(regions)
}
