import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const WORKSPACE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * Builds the packages the runtimes load (core, verify-client, the stores, proxy; the sandbox for
 * the Node side) once before the tests, as `pnpm build` does. `HAKIKI_RUNTIME_TESTS_SKIP_BUILD=1` uses the
 * dist/ folders as they are.
 * `HAKIKI_PACKAGES_BUILT=1` does the same: the root `pnpm test` builds every package once first.
 */
export function setup(): void {
  if (process.env.HAKIKI_RUNTIME_TESTS_SKIP_BUILD === '1' || process.env.HAKIKI_PACKAGES_BUILT === '1') return
  const filters = ['core', 'provider', 'verify-client', 'store', 'store-cloudflare', 'store-deno-kv', 'store-redis', 'proxy', 'messages', 'engine', 'sandbox'].flatMap((name) => ['--filter', `@hakiki/${name}`])
  const result = spawnSync('pnpm', [...filters, 'build'], { cwd: WORKSPACE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (result.status !== 0) {
    throw new Error(`pnpm build failed (exit ${String(result.status)}):\n${result.stdout}\n${result.stderr}`)
  }
}
