import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const WORKSPACE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * Builds every library package once before the checks, exactly as `pnpm build` does, so the
 * checks always read a `dist/` made from the current source.
 *
 * `HAKIKI_DIST_CHECK_SKIP_BUILD=1` checks the `dist/` folders as they are: how to see a check
 * fail on a damaged build (delete a file from a `dist/`, run again) and to iterate on a check.
 * `HAKIKI_PACKAGES_BUILT=1` does the same: the root `pnpm test` builds every package once first.
 */
export function setup(): void {
  if (process.env.HAKIKI_DIST_CHECK_SKIP_BUILD === '1' || process.env.HAKIKI_PACKAGES_BUILT === '1') return
  const result = spawnSync('pnpm', ['--filter', './packages/*', '--filter', '!@hakiki/dist-check', 'build'], {
    cwd: WORKSPACE_ROOT,
    encoding: 'utf8',
    // The build logs one line per output file; show it only when something went wrong.
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (result.status !== 0) {
    throw new Error(`pnpm build failed (exit ${String(result.status)}):\n${result.stdout}\n${result.stderr}`)
  }
}
