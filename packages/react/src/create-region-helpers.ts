import { createPhoneHelpers, loadPhoneRegions, type PhoneHelpers } from '@hakiki/core'

/**
 * Phone helpers over `regions`, their metadata loaded (one chunk per region). Loaded itself with
 * `import()` by `phone-country-helpers.ts` the first time a country beyond the covered 14 is
 * needed, so that `createPhoneHelpers` and the region loaders can stay out of the phone field's
 * up-front bytes where the bundler splits them off.
 */
export async function createRegionHelpers(regions: readonly string[]): Promise<PhoneHelpers> {
  const { metadata, examples } = await loadPhoneRegions(regions)
  return createPhoneHelpers(metadata, examples)
}
