/**
 * Everything needed to read numbers beyond the covered 14, as one module for
 * {@link loadPhoneRegionIndex} to load with `import()`: the region list, calling codes, the
 * metadata loaders and `createPhoneHelpers`. It imports those modules directly, not the package
 * barrel: a dynamic import of a module that imports the barrel makes esbuild wrap the whole barrel
 * for lazy initialisation, and then a bundle without code splitting keeps all of it.
 */
export { createPhoneHelpers } from './create-phone-helpers'
export { getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, loadPhoneRegions, PHONE_REGIONS } from './load-phone-regions'
