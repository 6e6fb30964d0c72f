import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/** Packages every consumer already has: left out of every measured bundle alike. */
export const SHARED_EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query']

/** Size of one consumer bundle. */
export interface BundleSize {
  /** Minified bytes of what loads up front (the entry and the chunks it imports statically). */
  minified: number
  /** The same bytes after `gzip -9`. */
  gzip: number
  /** Minified bytes of the chunks loaded only on demand (`import()`: other locales), not counted above. */
  lazyMinified: number
  /** gzip -9 bytes of each chunk loaded only on demand, largest first. */
  lazyGzip: number[]
  /** The same chunks with the source module each was split off at (`…/phone-regions/IN.gen.ts`), largest first. */
  lazyChunks: { source: string; gzip: number }[]
}

const benchDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Bundles `code` (an entry module, resolved from this package so that its dev dependencies are
 * found) the way an app's production build would: esbuild, ESM with code splitting, minified,
 * tree-shaken, browser conditions (plus `source` for our workspace packages), shared externals
 * left out. Only what loads up front is counted: chunks behind `import()` (translations loaded on
 * demand) are reported apart, as an app would not download them for an English page.
 */
export async function measureBundle(code: string): Promise<BundleSize> {
  const dir = mkdtempSync(join(benchDir, '.measure-'))
  try {
    const entry = join(dir, 'entry.tsx')
    writeFileSync(entry, code)
    const result = await build({
      entryPoints: [entry],
      outdir: join(dir, 'out'),
      bundle: true,
      splitting: true,
      write: false,
      metafile: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      conditions: ['source'],
      external: SHARED_EXTERNALS,
      // CSS is measured apart; a stylesheet import must not break a JS measurement.
      loader: { '.css': 'empty', '.svg': 'dataurl' },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      legalComments: 'none',
    })
    const outputs = result.metafile.outputs
    const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]))
    // Chunks split off at `import()` have an `entryPoint` too: pick the one built from our entry.
    const entryOut = Object.keys(outputs).find((path) => outputs[path]?.entryPoint?.endsWith('entry.tsx') === true)
    if (!entryOut) throw new Error('esbuild produced no entry output')
    // Walk static imports from the entry: that is what the browser fetches before running it.
    const eager = new Set<string>()
    const queue = [entryOut]
    while (queue.length > 0) {
      const path = queue.pop() as string
      if (eager.has(path)) continue
      eager.add(path)
      for (const imported of outputs[path]?.imports ?? []) {
        if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path)
      }
    }
    const bytesOf = (path: string): Uint8Array => {
      const hit = [...files.entries()].find(([abs]) => abs.endsWith(path.replace(/^.*?\.measure-[^/]+\//, '/')))
      return hit?.[1] ?? new Uint8Array()
    }
    const eagerBytes = Buffer.concat([...eager].map((path) => bytesOf(path)))
    const lazyMinified = Object.keys(outputs)
      .filter((path) => !eager.has(path) && path.endsWith('.js'))
      .reduce((sum, path) => sum + bytesOf(path).byteLength, 0)
    const lazyChunks = Object.keys(outputs)
      .filter((path) => !eager.has(path) && path.endsWith('.js'))
      .map((path) => ({ source: outputs[path]?.entryPoint ?? path, gzip: gzipSync(bytesOf(path), { level: 9 }).byteLength }))
      .toSorted((a, b) => b.gzip - a.gzip)
    const lazyGzip = lazyChunks.map((chunk) => chunk.gzip)
    return { minified: eagerBytes.byteLength, gzip: gzipSync(eagerBytes, { level: 9 }).byteLength, lazyMinified, lazyGzip, lazyChunks }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
