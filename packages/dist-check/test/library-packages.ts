import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The fields of a package.json these checks read. */
export interface Manifest {
  readonly name: string
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, string>>>>
  readonly files?: readonly string[]
  readonly dependencies?: Readonly<Record<string, string>>
  readonly peerDependencies?: Readonly<Record<string, string>>
}

/** One of the published packages, read from its folder (not through module resolution). */
export interface LibraryPackage {
  readonly name: string
  /** Absolute path of the package's folder. */
  readonly dir: string
  readonly manifest: Manifest
  /** Browser packages must not reach Node built-ins or any server package. */
  readonly runtime: 'browser' | 'server'
}

/** One file an `exports` entry points at, under one condition (`'default'` for a plain string). */
export interface ExportTarget {
  readonly subpath: string
  readonly condition: string
  /** As written in package.json: `./dist/index.js`. */
  readonly target: string
}

const PACKAGES_DIR = fileURLToPath(new URL('../..', import.meta.url))

const RUNTIMES = {
  core: 'browser',
  react: 'browser',
  ui: 'browser',
  sandbox: 'server',
  'verify-client': 'server',
  proxy: 'server',
  twilio: 'server',
} as const

/** The published packages, browser ones first. */
export const LIBRARY_PACKAGES: readonly LibraryPackage[] = Object.entries(RUNTIMES).map(([folder, runtime]) => {
  const dir = join(PACKAGES_DIR, folder)
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest
  return { name: manifest.name, dir, manifest, runtime }
})

/** The names of the server packages, which must never appear in a browser bundle. */
export const SERVER_PACKAGE_NAMES: readonly string[] = LIBRARY_PACKAGES.filter((p) => p.runtime === 'server').map((p) => p.name)

/** Every file the package's `exports` map points at, condition by condition. */
export function exportTargets(manifest: Manifest): ExportTarget[] {
  return Object.entries(manifest.exports).flatMap(([subpath, entry]) =>
    typeof entry === 'string'
      ? [{ subpath, condition: 'default', target: entry }]
      : Object.entries(entry).map(([condition, target]) => ({ subpath, condition, target })),
  )
}

/** The specifier a consumer writes for an `exports` subpath: `@hakiki/proxy/node` for `./node`. */
export function specifierOf(pkg: LibraryPackage, subpath: string): string {
  return subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`
}

/** The JavaScript subpaths of a package (those with an `import` condition), as specifiers. */
export function moduleSpecifiers(pkg: LibraryPackage): string[] {
  return exportTargets(pkg.manifest)
    .filter((t) => t.condition === 'import')
    .map((t) => specifierOf(pkg, t.subpath))
}

/** Files of the package's `dist/` whose names end with `suffix`, as paths relative to the package. */
export function distFiles(pkg: LibraryPackage, suffix: string): string[] {
  const dist = join(pkg.dir, 'dist')
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative(pkg.dir, join(entry.parentPath, entry.name)))
    .toSorted()
}
