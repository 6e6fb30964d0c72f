import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** A built page: its script and, when it imports CSS, its stylesheet. */
export interface BuiltPage {
  js: Uint8Array
  css?: Uint8Array
}

const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url))

/**
 * Bundles `pages/<name>.tsx` for each name the way an app's production build would (minified,
 * `NODE_ENV=production`), except that `react-dom/client` is React's profiling build: the
 * production renderer with `<Profiler onRender>` left on, as React documents for profiling in
 * production (`react-dom/profiling`, which exports `createRoot` in React 19).
 */
export async function buildPages(names: readonly string[]): Promise<Map<string, BuiltPage>> {
  const outdir = join(pagesDir, 'out')
  const result = await build({
    entryPoints: names.map((name) => join(pagesDir, `${name}.tsx`)),
    outdir,
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['source'],
    alias: { 'react-dom/client': 'react-dom/profiling' },
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'dataurl' },
    logLevel: 'silent',
    legalComments: 'none',
  })
  const pages = new Map<string, BuiltPage>()
  for (const name of names) {
    const js = result.outputFiles.find((file) => file.path === join(outdir, `${name}.js`))
    if (!js) throw new Error(`esbuild produced no script for ${name}`)
    const css = result.outputFiles.find((file) => file.path === join(outdir, `${name}.css`))
    pages.set(name, css ? { js: js.contents, css: css.contents } : { js: js.contents })
  }
  return pages
}
