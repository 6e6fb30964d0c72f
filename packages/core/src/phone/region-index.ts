import { createRegionIndex } from './create-region-index'

/*
 * The regions beyond the covered 14, as one module for {@link loadPhoneRegionIndex} to load with
 * `import()`: the region list, calling codes and the loaders of each region's metadata. Its own
 * index (`createRegionIndex`), not `load-phone-regions.ts`'s: that module is the package barrel's
 * (`export *`), and a module both a barrel's `export *` and a dynamic import reach is left
 * uninitialised by esbuild in a bundle without code splitting (evanw/esbuild#1490). It imports
 * nothing a bundle of another component also uses (esbuild would move that into a chunk of its
 * own, a few bytes more up front for, say, `CodeInput`). `createPhoneHelpers`, which shares the
 * covered helpers' code, stays in the barrel.
 */
const index = createRegionIndex()

/** As `PHONE_REGIONS` of the package. */
export const PHONE_REGIONS: readonly string[] = index.PHONE_REGIONS
/** As `getPhoneRegionCallingCode` of the package. */
export const getPhoneRegionCallingCode: (iso2: string) => string | undefined = index.getPhoneRegionCallingCode
/** As `getPhoneRegionsForCallingCode` of the package. */
export const getPhoneRegionsForCallingCode: (callingCode: string) => string[] = index.getPhoneRegionsForCallingCode
/** As `loadPhoneRegions` of the package. */
export const loadPhoneRegions: typeof index.loadPhoneRegions = index.loadPhoneRegions
