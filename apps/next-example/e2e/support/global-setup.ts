import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The example's folder, where `next build` writes `.next/`. */
export const APP_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const WORKSPACE_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

/** The library packages the app imports, built to `dist/` as npm users get them. */
// The sandbox too: the test starts it from `@hakiki/sandbox/node`'s `dist/`.
const LIBRARIES = ['@hakiki/core', '@hakiki/react', '@hakiki/ui', '@hakiki/verify-client', '@hakiki/store', '@hakiki/store-redis', '@hakiki/proxy', '@hakiki/sandbox']

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now()
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${String(result.status)}):\n${result.stdout}\n${result.stderr}`)
  return Math.round(performance.now() - started)
}

/**
 * Vitest global setup: builds the kit's packages (the app imports their `dist/`, not their
 * source, through the packages' `import` condition, as an npm install would) and then the app,
 * once per test run. `HAKIKI_NEXT_SKIP_BUILD=1` reuses both builds while iterating on a test;
 * `HAKIKI_PACKAGES_BUILT=1` (set by the root `pnpm test`, which runs `pnpm build` first) skips only
 * the packages' build.
 */
export function setup(): void {
  if (process.env.HAKIKI_NEXT_SKIP_BUILD === '1') return
  const libraries = process.env.HAKIKI_PACKAGES_BUILT === '1' ? 0 : run('pnpm', LIBRARIES.flatMap((name) => ['--filter', name]).concat('build'), WORKSPACE_ROOT)
  // Vitest sets NODE_ENV=test; Next builds for production and refuses a non-standard value.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' }
  const next = run(process.execPath, [join(APP_ROOT, 'node_modules/next/dist/bin/next'), 'build'], APP_ROOT, env)
  console.info(`\n  Built the kit's packages in ${(libraries / 1000).toFixed(1)} s and the Next.js app in ${(next / 1000).toFixed(1)} s\n`)
}
