// Every `exports` target of every published package exists, is shipped (`files`), and loads: in
// Vitest without the `source` condition and in plain Node, with the same export names as the source.
// Each check collects every problem it finds and expects none, so a failure lists them all.
import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LIBRARY_PACKAGES, exportTargets, isPublished, moduleSpecifiers, moduleTargets, specifierOf, withoutSource, type ExportEntry, type ExportTarget } from './library-packages'

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

/** The export names of a module file. */
async function namesOf(file: string): Promise<string[]> {
  return Object.keys((await import(/* @vite-ignore */ pathToFileURL(file).href)) as object).toSorted()
}

/** The source file a published target is built from: the `source` condition of the same subpath, under the same condition when nested. */
function sourceOf(targets: readonly ExportTarget[], target: ExportTarget): string | undefined {
  const sources = targets.filter((t) => t.subpath === target.subpath && t.conditions[0] === 'source')
  const first = target.conditions[0] ?? ''
  return (sources.find((t) => t.conditions[1] === first) ?? sources.find((t) => t.conditions.length === 1 || t.conditions[1] === 'default'))?.target
}

describe.each(LIBRARY_PACKAGES)('$name', (pkg) => {
  const targets = exportTargets(pkg.manifest)

  it('points every exports condition at a file that exists, and ships every published one', () => {
    expect(targets.length).toBeGreaterThan(0)
    const missing = targets.filter((t) => !isFile(join(pkg.dir, t.target))).map((t) => `exports["${t.subpath}"].${t.condition} → ${t.target}`)
    const unpublished = targets.filter((t) => !t.conditions.includes('source') && !isPublished(pkg, t.target)).map((t) => t.target)
    expect({ missing, unpublished }).toEqual({ missing: [], unpublished: [] })
  })

  it('publishes `exports` without the workspace-only `source` condition (publishConfig.exports)', () => {
    const expected = Object.fromEntries(Object.entries(pkg.manifest.exports).map(([subpath, entry]) => [subpath, withoutSource(entry)] as [string, ExportEntry]))
    expect(pkg.manifest.publishConfig?.exports).toEqual(expected)
    // Nothing published may point into src/ but a stylesheet: src/ is not shipped.
    const intoSource = exportTargets(pkg.manifest, pkg.manifest.publishConfig?.exports ?? {}).filter((t) => t.target.startsWith('./src/') && !t.target.endsWith('.css'))
    expect(intoSource).toEqual([])
  })

  it('gives every JavaScript subpath dist/*.js targets with declarations beside them, `types` first', () => {
    const problems = Object.entries(pkg.manifest.exports).flatMap(([subpath, entry]) => {
      // Only assets (the stylesheet) are exported as a plain path.
      if (typeof entry === 'string') return entry.endsWith('.css') ? [] : [`${subpath}: plain path ${entry} is not a stylesheet`]
      const published = Object.keys(entry).filter((condition) => condition !== 'source')
      const found: string[] = []
      if (published[0] !== 'types') found.push(`${subpath}: the first published condition is ${String(published[0])}, not types`)
      if (typeof entry.import !== 'string' || !/^\.\/dist\/.+\.js$/.test(entry.import)) found.push(`${subpath}: import ${String(entry.import)} is not a dist/*.js`)
      else if (entry.types !== entry.import.replace(/\.js$/, '.d.ts')) found.push(`${subpath}: types ${String(entry.types)} is not beside ${entry.import}`)
      for (const condition of published.filter((c) => c !== 'types')) {
        const target = entry[condition]
        if (typeof target !== 'string' || !/^\.\/dist\/.+\.js$/.test(target)) found.push(`${subpath}: ${condition} is not a dist/*.js`)
        else if (!isFile(join(pkg.dir, target.replace(/\.js$/, '.d.ts')))) found.push(`${subpath}: ${condition} → ${target} has no declarations beside it`)
      }
      return found
    })
    expect(problems).toEqual([])
  })

  it('loads the same exports from each built entry as its source has, in Vitest and in plain Node', async () => {
    const modules = moduleTargets(pkg)
    expect(modules.length).toBeGreaterThan(0)
    for (const target of modules) {
      const source = sourceOf(targets, target)
      expect({ target: target.target, source: source !== undefined }).toEqual({ target: target.target, source: true })
      expect({ target: target.target, names: await namesOf(join(pkg.dir, target.target)) }).toEqual({ target: target.target, names: await namesOf(join(pkg.dir, source ?? '')) })
    }

    // Resolution by name: Node (and Vitest on Node) take the `node` condition where there is one.
    const inNode = importInNode(moduleSpecifiers(pkg))
    for (const specifier of moduleSpecifiers(pkg)) {
      const subpath = specifier === pkg.name ? '.' : `./${specifier.slice(pkg.name.length + 1)}`
      const forNode = modules.find((t) => t.subpath === subpath && t.condition === 'node') ?? modules.find((t) => t.subpath === subpath && t.condition === 'import')
      const file = join(pkg.dir, forNode?.target ?? '')
      const names = await namesOf(file)
      const inVitest = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>
      const direct = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>
      // A function export compared by identity: the same module instance proves that Vitest loaded the build.
      const probe = names.find((name) => typeof direct[name] === 'function') ?? ''
      expect(probe).not.toBe('')
      expect({ specifier, names: Object.keys(inVitest).toSorted(), sameInstance: inVitest[probe] === direct[probe], node: inNode[specifier] }).toEqual({
        specifier,
        names,
        sameInstance: true,
        node: { file, names },
      })
    }
    expect(specifierOf(pkg, '.')).toBe(pkg.name)
  })
})
