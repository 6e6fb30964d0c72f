/**
 * The regions beyond the covered 14, as one module for {@link loadPhoneRegionIndex} to load with
 * `import()`: the region list, calling codes and the loaders of each region's metadata. It imports
 * `load-phone-regions.ts` directly, not the package barrel (a dynamic import of a module that
 * imports the barrel makes esbuild wrap all of it for lazy initialisation, so a bundle without code
 * splitting keeps everything), and nothing a bundle of another component also uses (esbuild would
 * move that into a chunk of its own, a few bytes more up front for, say, `CodeInput`).
 * `createPhoneHelpers`, which shares the covered helpers' code, stays in the barrel.
 */
export { getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, loadPhoneRegions, PHONE_REGIONS } from './load-phone-regions'
