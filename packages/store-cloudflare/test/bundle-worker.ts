// Shared by the store's workerd tests: a test Worker bundled as wrangler would bundle it, and the
// slice of miniflare's Worker handle those tests use.
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

/** The compatibility date every test Worker runs under. */
export const COMPATIBILITY_DATE = '2026-04-01'

/** What `mf.getWorker(name)` resolves, as far as the tests use it (miniflare types it with its own Request/Response). */
export interface Fetcher {
  fetch(url: string, init: { method: string; body: string }): Promise<{ json(): Promise<unknown> }>
}

/**
 * Bundles a fixture of `test/fixtures/` as wrangler would (`workerd`/`worker`/`browser` conditions),
 * from this workspace's sources, and returns the module's text.
 */
export async function bundleWorker(fixture: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`./fixtures/${fixture}`, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['source', 'workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}
