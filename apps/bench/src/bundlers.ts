import { createRequire } from 'node:module'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build as esbuild } from 'esbuild'
import { build as viteBuild, type Rolldown } from 'vite'
import webpack from 'webpack'

/** Packages every consumer already has: left out of every measured bundle alike. */
export const SHARED_EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query']

/** The bundlers an app builds with: esbuild, Vite (rolldown) and webpack (terser). */
export const BUNDLERS = ['esbuild', 'rolldown', 'webpack'] as const
/** One of {@link BUNDLERS}. */
export type Bundler = (typeof BUNDLERS)[number]

/** One output file of a consumer build. */
export interface OutputFile {
  /** Where the bundler wrote it, relative to its output folder. */
  name: string
  bytes: Uint8Array
  /** Fetched before the entry runs: the entry and what it imports statically. */
  eager: boolean
  /** For esbuild's lazy chunks: the module the chunk was split off at. */
  source?: string
}

/** Where and how to bundle one consumer entry. */
export interface BundleRequest {
  /** The entry module's code (`export { CodeInput } from '@hakiki/ui'`). */
  code: string
  /** The folder the entry is written to, whose `node_modules` resolve its imports. */
  dir: string
  /** Extra resolve conditions: `['source']` to bundle the workspace's TypeScript sources. */
  conditions?: string[]
}

const gzip = (bytes: Uint8Array): number => gzipSync(bytes, { level: 9 }).byteLength

/** A path of esbuild's metafile relative to the output folder (`out/`), where chunks sit flat. */
const relativeName = (path: string): string => path.slice(path.lastIndexOf('/out/') + '/out/'.length)

/** Follows static imports from the entry: what a browser fetches before running it. */
function eagerClosure(entry: string, importsOf: (name: string) => readonly string[]): Set<string> {
  const eager = new Set<string>()
  const queue = [entry]
  while (queue.length > 0) {
    const name = queue.pop() as string
    if (eager.has(name)) continue
    eager.add(name)
    queue.push(...importsOf(name))
  }
  return eager
}

/**
 * esbuild as an app's production build runs it: ESM with code splitting, minified, tree-shaken,
 * browser conditions, `NODE_ENV=production`.
 */
async function withEsbuild({ code, dir, conditions = [] }: BundleRequest): Promise<OutputFile[]> {
  const entry = join(dir, 'entry.tsx')
  writeFileSync(entry, code)
  const result = await esbuild({
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
    conditions,
    external: SHARED_EXTERNALS,
    // CSS is measured apart; a stylesheet import must not break a JS measurement.
    loader: { '.css': 'empty', '.svg': 'dataurl' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    legalComments: 'none',
  })
  const outputs = result.metafile.outputs
  const outDir = join(dir, 'out')
  // Chunks split off at `import()` have an `entryPoint` too: pick the one built from our entry.
  const entryOut = Object.keys(outputs).find((path) => outputs[path]?.entryPoint?.endsWith('/entry.tsx') === true)
  if (!entryOut) throw new Error('esbuild produced no entry output')
  const eager = eagerClosure(entryOut, (path) => (outputs[path]?.imports ?? []).filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path))
  const eagerNames = new Set([...eager].map(relativeName))
  return result.outputFiles
    .filter((file) => file.path.endsWith('.js'))
    .map((file) => {
      const name = file.path.slice(outDir.length + 1)
      const meta = Object.entries(outputs).find(([path]) => relativeName(path) === name)?.[1]
      return { name, bytes: file.contents, eager: eagerNames.has(name), ...(meta?.entryPoint ? { source: meta.entryPoint } : {}) }
    })
}

/**
 * Vite's production build (rolldown, its default minifier), with the entry's exports kept
 * (`preserveEntrySignatures`), as a page that uses them would.
 */
async function withRolldown({ code, dir, conditions = [] }: BundleRequest): Promise<OutputFile[]> {
  const entry = join(dir, 'entry.js')
  writeFileSync(entry, code)
  const output = (await viteBuild({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    mode: 'production',
    ...(conditions.length > 0 ? { resolve: { conditions: [...conditions, 'module', 'browser', 'production', 'default'] } } : {}),
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      copyPublicDir: false,
      rolldownOptions: { input: entry, external: SHARED_EXTERNALS, preserveEntrySignatures: 'strict' },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
  const entryChunk = chunks.find((c) => c.isEntry)
  if (!entryChunk) throw new Error('Vite produced no entry chunk')
  const eager = eagerClosure(entryChunk.fileName, (name) => chunks.find((c) => c.fileName === name)?.imports.filter((i) => !SHARED_EXTERNALS.includes(i)) ?? [])
  return chunks.map((c) => ({ name: c.fileName, bytes: Buffer.from(c.code), eager: eager.has(c.fileName) }))
}

// The minimizer webpack 5 uses by default (its own dependency), loaded to give it one more option.
const MinimizerPlugin = createRequire(createRequire(import.meta.url).resolve('webpack'))('minimizer-webpack-plugin') as {
  new (options: object): webpack.WebpackPluginInstance
  terserMinify: unknown
}

/** webpack 5 in production mode (terser, module concatenation, `sideEffects`), ESM output keeping the entry's exports. */
async function withWebpack({ code, dir, conditions = [] }: BundleRequest): Promise<OutputFile[]> {
  const entry = join(dir, 'entry.js')
  writeFileSync(entry, code)
  const outDir = join(dir, 'webpack-out')
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: entry },
    target: ['web', 'es2022'],
    devtool: false,
    experiments: { outputModule: true },
    output: { path: outDir, module: true, library: { type: 'module' }, chunkFormat: 'module', chunkLoading: 'import', filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
    externalsType: 'module',
    externals: Object.fromEntries(SHARED_EXTERNALS.map((name) => [name, name])),
    resolve: { conditionNames: [...conditions, 'import', 'module', 'browser', 'default'] },
    performance: { hints: false },
    // No split chunks: what loads up front is the entry file alone. Its minifier is webpack's
    // default (terser, two compress passes), limited to that file: minifying the ~90 chunks of
    // translations and phone regions loaded on demand took most of the time and counts for nothing.
    optimization: {
      splitChunks: false,
      minimizer: [new MinimizerPlugin({ test: /^main\.js$/, minify: MinimizerPlugin.terserMinify, minimizerOptions: { compress: { passes: 2 } } })],
    },
  })
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    compiler.run((error, result) => {
      compiler.close(() => undefined)
      if (error || !result) reject(error ?? new Error('webpack gave no stats'))
      else if (result.hasErrors()) reject(new Error(result.toString({ all: false, errors: true }).split('\n').slice(0, 5).join('\n')))
      else resolve(result)
    })
  })
  const eager = new Set(stats.compilation.entrypoints.get('main')?.getFiles() ?? [])
  if ([...eager].some((name) => name !== 'main.js')) throw new Error(`webpack put the entry in more than main.js: ${[...eager].join(', ')}`)
  return readdirSync(outDir)
    .filter((name) => name.endsWith('.js') && eager.has(name))
    .map((name) => ({ name, bytes: readFileSync(join(outDir, name)), eager: eager.has(name) }))
}

const BUILDERS: Record<Bundler, (request: BundleRequest) => Promise<OutputFile[]>> = { esbuild: withEsbuild, rolldown: withRolldown, webpack: withWebpack }

/** Size of one consumer bundle. */
export interface BundleSize {
  /** Minified bytes of what loads up front (the entry and the chunks it imports statically). */
  minified: number
  /** The same bytes after `gzip -9`. */
  gzip: number
  /** What loads up front, as the bundler wrote it (to check what is not in it). */
  upFront: Uint8Array
  /** Minified bytes of the chunks loaded only on demand (`import()`: other locales, phone regions), not counted above (none for webpack, whose lazy chunks are not kept). */
  lazyMinified: number
  /** The chunks loaded on demand, with the source module each was split off at where the bundler says (esbuild), largest first. */
  lazyChunks: { source: string; gzip: number }[]
  /**
   * webpack only: its runtime's list of the lazy chunks (`id:()=>import("./id.hash.js")` each, up
   * front however deep the `import()`), what `gzip` loses without it, and how many it lists.
   */
  chunkList?: { gzip: number; chunks: number }
}

/** webpack's list of lazy chunks in an ESM build's runtime (`{123:()=>import("./123.1a2b3c4d.js"),…}`). */
const WEBPACK_CHUNK_LIST = /\{(?:\d+:\(\)=>import\("[^"]+"\),?)+\}/

/** What webpack's list of lazy chunks weighs in `upFront`: its gzip bytes, by leaving it out. */
function chunkListOf(upFront: Uint8Array): { gzip: number; chunks: number } {
  const text = Buffer.from(upFront).toString('utf8')
  const list = WEBPACK_CHUNK_LIST.exec(text)?.[0]
  if (!list) return { gzip: 0, chunks: 0 }
  return { gzip: gzip(upFront) - gzip(Buffer.from(text.replace(list, '{}'))), chunks: list.split('=>import(').length - 1 }
}

/**
 * Bundles `request.code` with one bundler, in a scratch folder inside `request.dir` (so that its
 * `node_modules` resolve the imports), and measures what loads up front: the entry and the chunks
 * it imports statically, concatenated, minified and after `gzip -9`. Chunks behind `import()`
 * (translations, phone regions loaded on demand) are reported apart.
 */
export async function bundleSize(bundler: Bundler, request: BundleRequest): Promise<BundleSize> {
  const scratch = mkdtempSync(join(request.dir, '.measure-'))
  try {
    const files = await BUILDERS[bundler]({ ...request, dir: scratch })
    const eagerBytes = Buffer.concat(files.filter((f) => f.eager).map((f) => f.bytes))
    const lazy = files.filter((f) => !f.eager)
    // `HAKIKI_BENCH_DUMP=folder`: keep what loads up front, to see what a bundler kept and why.
    if (process.env.HAKIKI_BENCH_DUMP) writeFileSync(join(process.env.HAKIKI_BENCH_DUMP, `${bundler}.js`), eagerBytes)
    return {
      minified: eagerBytes.byteLength,
      gzip: gzip(eagerBytes),
      upFront: eagerBytes,
      lazyMinified: lazy.reduce((sum, f) => sum + f.bytes.byteLength, 0),
      lazyChunks: lazy.map((f) => ({ source: f.source ?? f.name, gzip: gzip(f.bytes) })).toSorted((a, b) => b.gzip - a.gzip),
      ...(bundler === 'webpack' ? { chunkList: chunkListOf(eagerBytes) } : {}),
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
