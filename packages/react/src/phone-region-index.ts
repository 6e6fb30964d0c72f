import { createPhoneHelpers, getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, loadPhoneRegions, PHONE_REGIONS, type PhoneHelpers } from '@hakiki/core'

/**
 * What a phone field needs to offer countries beyond the covered 14: the list of regions, their
 * calling codes, and the loaders of their metadata. Loaded with `import()` by
 * `phone-country-helpers.ts` only when a field offers such a country, so that a field on the 14
 * (the default, and `VerificationFlow`'s) carries none of it.
 */
export { getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, PHONE_REGIONS }

/** Phone helpers over `regions`, their metadata loaded (one chunk each, fetched once). */
export async function createRegionHelpers(regions: readonly string[]): Promise<PhoneHelpers> {
  const { metadata, examples } = await loadPhoneRegions(regions)
  return createPhoneHelpers(metadata, examples)
}
