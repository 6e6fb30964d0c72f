import { fileURLToPath } from 'node:url'
import { bundleSize, type BundleSize } from './bundlers'

const benchDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Bundles `code` from the workspace's TypeScript sources (the `source` condition, resolved from
 * this package) with esbuild, as `bundleSize` does for an app: the phone region measurements
 * (`phone-region-sizes.ts`) map lazy chunks back to the source modules they were split off at.
 * What npm users install is measured by `measurePublished` (`published-sizes.ts`).
 */
export function measureBundle(code: string): Promise<BundleSize> {
  return bundleSize('esbuild', { code, dir: benchDir, conditions: ['source'] })
}
