import { build } from 'esbuild'
import { writeFileSync, mkdtempSync } from 'node:fs'
import { join } from 'node:path'
const dir = mkdtempSync(join(process.cwd(), '.measure-'))
writeFileSync(join(dir, 'entry.tsx'), process.argv[2] ?? "export { PhoneInput } from '@hakiki/ui'")
const r = await build({ entryPoints: [join(dir, 'entry.tsx')], outdir: join(dir, 'out'), bundle: true, splitting: true, write: false, metafile: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', jsx: 'automatic', conditions: ['source'], external: ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'], loader: { '.css': 'empty' }, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent' })
for (const [path, out] of Object.entries(r.metafile.outputs)) {
  if (path.includes('messages-') || /[A-Z][A-Z]\.gen/.test(path)) continue
  console.log('OUT', path.split('/').pop(), out.bytes, out.imports.filter(i => i.kind === 'import-statement').map(i => i.path.split('/').pop()).join(','))
  const rows = Object.entries(out.inputs).map(([p, i]) => [p.replace(/^.*packages\//, ''), i.bytesInOutput] as const).filter(([, b]) => b > 300).sort((a, b) => b[1] - a[1])
  for (const [p, b] of rows.slice(0, 25)) console.log('  ', b, p)
}
import('node:fs').then(fs => fs.rmSync(dir, { recursive: true }))
