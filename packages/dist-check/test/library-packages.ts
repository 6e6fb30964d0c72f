import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The fields of a package.json these checks read. */
export interface Manifest {
  readonly name: string
  readonly exports: Readonly<Record<string, ExportEntry>>
  /** pnpm replaces `exports` with this one in the packed package.json. */
  readonly publishConfig?: { readonly exports?: Readonly<Record<string, ExportEntry>> }
  readonly files?: readonly string[]
  readonly dependencies?: Readonly<Record<string, string>>
  readonly peerDependencies?: Readonly<Record<string, string>>
}

/** A target, or conditions leading to further conditions or targets. */
export type ExportEntry = string | { readonly [condition: string]: ExportEntry }

/** One of the published packages, read from its folder (not through module resolution). */
export interface LibraryPackage {
  readonly name: string
  /** Absolute path of the package's folder. */
  readonly dir: string
  readonly manifest: Manifest
  /** Browser packages must not reach Node built-ins or any server package. */
  readonly runtime: 'browser' | 'server'
}

/** One file an `exports` entry points at, under one chain of conditions. */
export interface ExportTarget {
  readonly subpath: string
  /** The conditions from the outside in (`['source', 'node']`); `['default']` for a plain string. */
  readonly conditions: readonly string[]
  /** The same, joined with dots: `source.node`, `import`. */
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
  store: 'server',
  'store-redis': 'server',
  'store-cloudflare': 'server',
  'store-deno-kv': 'server',
  proxy: 'server',
  twilio: 'server',
  provider: 'server',
  engine: 'server',
  messages: 'server',
  server: 'server',
} as const

/** The published packages, browser ones first. */
export const LIBRARY_PACKAGES: readonly LibraryPackage[] = Object.entries(RUNTIMES).map(([folder, runtime]) => {
  const dir = join(PACKAGES_DIR, folder)
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest
  return { name: manifest.name, dir, manifest, runtime }
})

/** The names of the server packages, which must never appear in a browser bundle. */
export const SERVER_PACKAGE_NAMES: readonly string[] = LIBRARY_PACKAGES.filter((p) => p.runtime === 'server').map((p) => p.name)

/** Every file an `exports` map points at, condition chain by condition chain (nested conditions flattened). */
export function exportTargets(manifest: Manifest, exportsMap: Manifest['exports'] = manifest.exports): ExportTarget[] {
  const walk = (subpath: string, entry: ExportEntry, conditions: readonly string[]): ExportTarget[] =>
    typeof entry === 'string'
      ? [{ subpath, conditions: conditions.length === 0 ? ['default'] : conditions, condition: conditions.length === 0 ? 'default' : conditions.join('.'), target: entry }]
      : Object.entries(entry).flatMap(([condition, inner]) => walk(subpath, inner, [...conditions, condition]))
  return Object.entries(exportsMap).flatMap(([subpath, entry]) => walk(subpath, entry, []))
}

/** The published targets: the `source` condition is the workspace's own and never published. */
export function publishedTargets(pkg: LibraryPackage): ExportTarget[] {
  return exportTargets(pkg.manifest).filter((t) => !t.conditions.includes('source'))
}

/** The published JavaScript targets (every condition that selects a `dist/*.js`). */
export function moduleTargets(pkg: LibraryPackage): ExportTarget[] {
  return publishedTargets(pkg).filter((t) => t.target.endsWith('.js'))
}

/** Subpaths meant for Node only: the adapters, and the engine's SMTP and SMPP transports (sockets). */
const NODE_ONLY_SUBPATHS = new Set(['./node', './express', './smtp', './smpp'])

/**
 * Entries meant for Node only, allowed to load Node built-ins: the `node` condition and the
 * `/node`, `/express`, `/smtp` and `/smpp` subpaths. Every other entry must run where there is no
 * Node built-in (Workers, Edge routes, browsers). The sandbox's CLI is a `bin`, not an entry.
 */
export function isNodeOnly(target: ExportTarget): boolean {
  return target.conditions.includes('node') || NODE_ONLY_SUBPATHS.has(target.subpath)
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

/** Whether the package's `files` publishes a path (`dist/index.js`): listed, or under a listed folder. */
export function isPublished(pkg: LibraryPackage, path: string): boolean {
  const clean = path.replace(/^\.\//, '')
  return (pkg.manifest.files ?? []).some((entry) => clean === entry || clean.startsWith(`${entry}/`))
}

/** `exports` without the `source` condition, at any depth: what `publishConfig.exports` must be. */
export function withoutSource(entry: ExportEntry): ExportEntry {
  if (typeof entry === 'string') return entry
  return Object.fromEntries(Object.entries(entry).filter(([condition]) => condition !== 'source').map(([condition, inner]) => [condition, withoutSource(inner)]))
}

/** Files of the package's `dist/` whose names end with `suffix`, as paths relative to the package. */
export function distFiles(pkg: LibraryPackage, suffix: string): string[] {
  const dist = join(pkg.dir, 'dist')
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative(pkg.dir, join(entry.parentPath, entry.name)))
    .toSorted()
}
