import { fileURLToPath } from 'node:url'
import type { NextConfig } from 'next'

/**
 * The example runs on a closed network and in CI: nothing may be fetched at build or run time.
 * Images are served as they are (no optimizer, so `sharp` is never needed) and no font is loaded
 * from Google. Next's telemetry is switched off in the scripts (`NEXT_TELEMETRY_DISABLED=1`).
 */
const config: NextConfig = {
  // As `create-next-app@latest` (16.4) scaffolds an app: Cache Components on, and with it the
  // rule that a page reads no clock, random value or request data outside <Suspense>.
  cacheComponents: true,
  partialPrefetching: true,
  images: { unoptimized: true },
  // The workspace root, so that Turbopack and output tracing see the linked `@hakiki/*` packages.
  turbopack: { root: fileURLToPath(new URL('../..', import.meta.url)) },
  outputFileTracingRoot: fileURLToPath(new URL('../..', import.meta.url)),
  // The workspace type-checks with TypeScript 7, which has no JavaScript API for Next to call:
  // `pnpm typecheck` (tsc) checks this app instead.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // The test builds once per run from fresh sources; writing Turbopack's persistent cache cost
  // ~15 s a build here and saved nothing measurable on the next one.
  experimental: { turbopackFileSystemCacheForBuild: false },
}

export default config
