import type * as RegionIndexModule from './region-index'

/**
 * The region index: {@link PHONE_REGIONS}, {@link getPhoneRegionCallingCode},
 * {@link getPhoneRegionsForCallingCode} and {@link loadPhoneRegions} in one module.
 */
export type PhoneRegionIndex = typeof RegionIndexModule

let loading: Promise<PhoneRegionIndex> | undefined

/**
 * Loads the region index with `import()` (once; a failed load is tried again on the next call):
 * for a phone field that offers countries beyond the covered 14 only when it is used, so that the
 * region list, calling codes and the loaders of every region's metadata (a few kB gzip) stay out
 * of the bundle of a field on the 14. `@hakiki/react`'s `usePhoneInput` calls it.
 */
export function loadPhoneRegionIndex(): Promise<PhoneRegionIndex> {
  loading ??= import('./region-index').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
