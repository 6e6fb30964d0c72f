import { installPackedApp } from './src/packed-app'
import { writeFileSync, readFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createRequire } from 'node:module'
import webpack from 'webpack'
const app = installPackedApp()
console.log('app', app.dir)
const MinimizerPlugin = createRequire(createRequire(import.meta.url).resolve('webpack'))('minimizer-webpack-plugin') as any
const dir = join(app.dir, 'wp'); mkdirSync(dir, { recursive: true })
const entry = join(dir, 'entry.js'); writeFileSync(entry, process.argv[2] ?? "export { PhoneInput } from '@hakiki/ui'")
const outDir = join(dir, 'out')
const compiler = webpack({ mode: 'production', context: dir, entry: { main: entry }, target: ['web', 'es2022'], devtool: false, experiments: { outputModule: true },
  output: { path: outDir, module: true, library: { type: 'module' }, chunkFormat: 'module', chunkLoading: 'import', filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
  externalsType: 'module', externals: Object.fromEntries(['react','react-dom','react/jsx-runtime','@tanstack/react-query'].map(n => [n, n])),
  resolve: { conditionNames: ['import', 'module', 'browser', 'default'] }, performance: { hints: false },
  optimization: { splitChunks: false, minimizer: [new MinimizerPlugin({ test: /^main\.js$/, minify: MinimizerPlugin.terserMinify, minimizerOptions: { compress: { passes: 2 } } })] } })
await new Promise<void>((res, rej) => compiler.run((e, s) => { if (e || s?.hasErrors()) rej(e ?? new Error(s?.toString())); else res() }))
const main = readFileSync(join(outDir, 'main.js'))
console.log('main', main.length, gzipSync(main, { level: 9 }).length)
console.log(outDir)
