import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const WORKSPACE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/** The browser packages whose bundle sizes are measured, with the packages they depend on. */
export const MEASURED_PACKAGES = ['core', 'react', 'ui'] as const
/** What the app has besides ours: the peers, at the workspace's versions. */
const PEERS = ['react', 'react-dom', '@tanstack/react-query'] as const

const fromWorkspace = createRequire(join(WORKSPACE_ROOT, 'package.json'))
const versionOf = (name: string): string => (JSON.parse(readFileSync(fromWorkspace.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version

/** An app outside the workspace with the packed packages installed by npm. */
export interface PackedApp {
  /** The app's folder: an entry written here resolves `@hakiki/*` to the installed tarballs. */
  dir: string
  /** Removes the app. */
  remove: () => void
}

/**
 * What npm users install: builds the browser packages (unless `HAKIKI_PACKAGES_BUILT=1`, as the
 * root `pnpm test` sets after its build), packs each with `pnpm pack` (which writes
 * `publishConfig` and the real dependency versions) and installs the tarballs with npm into a
 * fresh app in the system's temp folder, as `@hakiki/dist-check`'s packed test does.
 * `packagesRoot`: another checkout to pack from, its packages already built (before/after figures
 * of the same bench code, e.g. a worktree of an older commit: `HAKIKI_SIZE_BEFORE` of size-report.ts).
 */
export function installPackedApp(packagesRoot: string = WORKSPACE_ROOT): PackedApp {
  if (process.env.HAKIKI_PACKAGES_BUILT !== '1' && packagesRoot === WORKSPACE_ROOT) {
    const filters = MEASURED_PACKAGES.flatMap((name) => ['--filter', `@hakiki/${name}`])
    const built = spawnSync('pnpm', [...filters, 'build'], { cwd: WORKSPACE_ROOT, encoding: 'utf8' })
    if (built.status !== 0) throw new Error(`pnpm build failed:\n${built.stdout}\n${built.stderr}`)
  }
  const temp = mkdtempSync(join(tmpdir(), 'hakiki-size-'))
  const remove = () => rmSync(temp, { recursive: true, force: true })
  try {
    const tarballs = MEASURED_PACKAGES.map((name) => {
      const output = execFileSync('pnpm', ['pack', '--json', '--pack-destination', temp], { cwd: join(packagesRoot, 'packages', name), encoding: 'utf8' })
      return JSON.parse(output) as { name: string; filename: string }
    })
    const dependencies = { ...Object.fromEntries(tarballs.map((t) => [t.name, `file:${t.filename}`])), ...Object.fromEntries(PEERS.map((name) => [name, versionOf(name)])) }
    writeFileSync(join(temp, 'package.json'), `${JSON.stringify({ name: 'hakiki-size-app', private: true, type: 'module', dependencies }, null, 2)}\n`)
    // npm, not pnpm: what most users run; the cache is preferred (the registry is reachable).
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: temp, stdio: ['ignore', 'pipe', 'pipe'] })
    return { dir: temp, remove }
  } catch (error) {
    remove()
    throw error
  }
}
