import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

/** Packages every consumer already has: left out of every measured bundle alike. */
export const SHARED_EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query']

/** Size of one consumer bundle. */
export interface BundleSize {
  /** Minified bytes. */
  minified: number
  /** Bytes after `gzip -9`. */
  gzip: number
}

const benchDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Bundles `code` (an entry module, resolved from this package so that its dev dependencies are
 * found) the way an app's production build would: esbuild, ESM, minified, tree-shaken, browser
 * conditions (plus `source` for our workspace packages), with the shared externals left out.
 */
export async function measureBundle(code: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: code, resolveDir: benchDir, loader: 'tsx' },
    bundle: true,
    write: false,
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
  const bytes = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { minified: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength }
}
