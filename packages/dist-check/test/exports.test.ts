// Every `exports` target of every published package exists, is shipped (`files`), and loads: in
// Vitest without the `source` condition and in plain Node, with the same export names as the source.
// Each check collects every problem it finds and expects none, so a failure lists them all.
import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LIBRARY_PACKAGES, exportTargets, moduleSpecifiers, specifierOf } from './library-packages'

const HERE = fileURLToPath(new URL('..', import.meta.url))

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

interface NodeView {
  /** The file Node resolved the specifier to. */
  readonly file: string
  readonly names: string[]
}

/** Imports modules in a plain Node process from this package's folder: Node's own resolution. */
function importInNode(specifiers: readonly string[]): Record<string, NodeView> {
  const script = `
    import { fileURLToPath } from 'node:url'
    const views = {}
    for (const specifier of ${JSON.stringify(specifiers)}) {
      views[specifier] = { file: fileURLToPath(import.meta.resolve(specifier)), names: Object.keys(await import(specifier)).sort() }
    }
    process.stdout.write(JSON.stringify(views))
  `
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: HERE, encoding: 'utf8' })) as Record<string, NodeView>
}

describe.each(LIBRARY_PACKAGES)('$name', (pkg) => {
  const targets = exportTargets(pkg.manifest)

  it('points every exports condition at a file that exists and is in `files`', () => {
    expect(targets.length).toBeGreaterThan(0)
    const missing = targets.filter((t) => !isFile(join(pkg.dir, t.target))).map((t) => `exports["${t.subpath}"].${t.condition} → ${t.target}`)
    const unpublished = targets.map((t) => t.target).filter((target) => !(pkg.manifest.files ?? []).includes(target.replace(/^\.\//, '').split('/')[0] ?? ''))
    expect({ missing, unpublished }).toEqual({ missing: [], unpublished: [] })
  })

  it('gives every JavaScript subpath a dist/*.js `import` with its `types` beside it', () => {
    const problems = Object.entries(pkg.manifest.exports).flatMap(([subpath, entry]) => {
      // Only assets (the stylesheet) are exported as a plain path.
      if (typeof entry === 'string') return entry.endsWith('.css') ? [] : [`${subpath}: plain path ${entry} is not a stylesheet`]
      const found: string[] = []
      if (!/^\.\/dist\/.+\.js$/.test(entry.import ?? '')) found.push(`${subpath}: import ${String(entry.import)} is not a dist/*.js`)
      if (entry.types !== entry.import?.replace(/\.js$/, '.d.ts')) found.push(`${subpath}: types ${String(entry.types)} is not beside ${String(entry.import)}`)
      return found
    })
    expect(problems).toEqual([])
  })

  it('loads the same exports from dist/, in Vitest and in plain Node, as the source has', async () => {
    const inNode = importInNode(moduleSpecifiers(pkg))
    const sources = targets.filter((t) => t.condition === 'source' && /\.tsx?$/.test(t.target))
    expect(sources.length).toBeGreaterThan(0)
    for (const { subpath, target } of sources) {
      const specifier = specifierOf(pkg, subpath)
      const built = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>
      const source = (await import(/* @vite-ignore */ join(pkg.dir, target))) as Record<string, unknown>
      const names = Object.keys(built).toSorted()
      const entry = pkg.manifest.exports[subpath]
      const importTarget = typeof entry === 'string' ? entry : (entry?.import ?? '')
      // A function export compared by identity: two different module instances prove that Vitest
      // loaded the build, not the source under another name.
      const probe = names.find((name) => typeof built[name] === 'function') ?? ''
      expect({ specifier, names, sameInstance: built[probe] === source[probe], node: inNode[specifier] }).toEqual({
        specifier,
        names: Object.keys(source).toSorted(),
        sameInstance: false,
        node: { file: join(pkg.dir, importTarget), names },
      })
      expect(names.length).toBeGreaterThan(0)
      expect(probe).not.toBe('')
    }
  })
})
