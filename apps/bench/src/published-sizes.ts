import { fileURLToPath } from 'node:url'
import { BUNDLERS, bundleSize, type Bundler } from './bundlers'
import { installPackedApp } from './packed-app'
import { budgetOf, type SizeEntry } from './size-entries'

const benchDir = fileURLToPath(new URL('..', import.meta.url))

/** Minified and gzip -9 bytes of what loads up front. */
export interface Bytes {
  minified: number
  gzip: number
  /** webpack: the part of `gzip` that is its runtime's list of lazy chunks, and how many it lists. */
  chunkList?: { gzip: number; chunks: number }
}

/** One row of `results/size.json`. */
export interface SizeRow {
  name: string
  kind: SizeEntry['kind']
  /** Ours only: bundled from the workspace's TypeScript sources with esbuild (what the bench measured before issue 24). */
  source?: Bytes
  /** What npm users get, in each bundler: ours from the packed tarballs installed by npm, the alternatives from npm. */
  published: Record<Bundler, Bytes>
  /** Ours only, with `before` given: the published figures of that other checkout. */
  before?: Record<Bundler, Bytes>
  /** Ours only: the budget in each bundler (gzip bytes). */
  budgetGzip?: Record<Bundler, number>
}

/**
 * Measures every entry as npm users get it, with esbuild, Vite (rolldown) and webpack: ours from
 * the packed tarballs installed in an app outside the workspace (`installPackedApp`), the
 * alternatives from this package's node_modules (installed from npm); for ours also from the
 * sources, as the bench did before (the gap is what the published build loses). `before`: another
 * checkout whose built packages are measured too (`installPackedApp`).
 */
export async function measureSizes(entries: readonly SizeEntry[], options: { source?: boolean; bundlers?: readonly Bundler[]; before?: string } = {}): Promise<SizeRow[]> {
  const bundlers = options.bundlers ?? BUNDLERS
  const app = entries.some((e) => e.kind === 'hakiki') ? installPackedApp() : undefined
  const beforeApp = options.before && app ? installPackedApp(options.before) : undefined
  try {
    const rows: SizeRow[] = []
    for (const entry of entries) {
      const dir = entry.kind === 'hakiki' ? (app?.dir ?? benchDir) : benchDir
      const published = {} as Record<Bundler, Bytes>
      for (const bundler of bundlers) {
        const { minified, gzip, chunkList } = await bundleSize(bundler, { code: entry.code, dir })
        published[bundler] = { minified, gzip, ...(chunkList && chunkList.chunks > 0 ? { chunkList } : {}) }
      }
      const row: SizeRow = { name: entry.name, kind: entry.kind, published }
      if (entry.kind === 'hakiki') {
        if (options.source !== false) {
          const { minified, gzip } = await bundleSize('esbuild', { code: entry.code, dir: benchDir, conditions: ['source'] })
          row.source = { minified, gzip }
        }
        if (beforeApp) {
          row.before = {} as Record<Bundler, Bytes>
          for (const bundler of bundlers) {
            const { minified, gzip } = await bundleSize(bundler, { code: entry.code, dir: beforeApp.dir })
            row.before[bundler] = { minified, gzip }
          }
        }
        const budgets = Object.fromEntries(bundlers.flatMap((b) => (budgetOf(entry, b) === undefined ? [] : [[b, budgetOf(entry, b)]])))
        if (Object.keys(budgets).length > 0) row.budgetGzip = budgets as Record<Bundler, number>
      }
      rows.push(row)
    }
    return rows
  } finally {
    app?.remove()
    beforeApp?.remove()
  }
}
