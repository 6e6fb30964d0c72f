// What is inside the built files: the client directive of the React entries, the layering (no
// Node built-in and no server package in a browser bundle), source maps, and no import that a
// consumer's install would not satisfy. Each check collects every problem and expects none.
import { readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LIBRARY_PACKAGES, SERVER_PACKAGE_NAMES, distFiles, type LibraryPackage } from './library-packages'
import { packageNameOf, readModuleFacts } from './module-facts'

const BROWSER_PACKAGES = LIBRARY_PACKAGES.filter((p) => p.runtime === 'browser')
const REACT_PACKAGES = LIBRARY_PACKAGES.filter((p) => p.name === '@hakiki/react' || p.name === '@hakiki/ui')

/**
 * Type-only imports a consumer satisfies by using the feature: `@hakiki/proxy/express` names
 * Express's request types, which an Express app has; Express is no dependency of the proxy.
 */
const OPTIONAL_TYPE_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  '@hakiki/proxy': ['express'],
}

function builtFiles(pkg: LibraryPackage): string[] {
  return [...distFiles(pkg, '.js'), ...distFiles(pkg, '.d.ts')]
}

function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../')
}

describe.each(REACT_PACKAGES)('React package $name', (pkg) => {
  it("opens its entry chunk with 'use client', and no other chunk", () => {
    // Lazy chunks (the ui's translations) are data a client module loads, not client boundaries.
    const directives = Object.fromEntries(distFiles(pkg, '.js').map((file) => [file, readModuleFacts(join(pkg.dir, file)).directives]))
    expect(directives).toEqual(Object.fromEntries(Object.keys(directives).map((file) => [file, file === 'dist/index.js' ? ['use client'] : []])))
    expect(Object.keys(directives)).toContain('dist/index.js')
  })
})

describe.each(BROWSER_PACKAGES)('browser package $name', (pkg) => {
  it('imports no Node built-in and names no server package, in any built file', () => {
    const files = builtFiles(pkg)
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts']))
    const problems = files.flatMap((file) => {
      const facts = readModuleFacts(join(pkg.dir, file))
      return [
        ...facts.specifiers.filter((s) => isBuiltin(s) || SERVER_PACKAGE_NAMES.includes(packageNameOf(s))).map((s) => `${file} imports ${s}`),
        ...facts.strings.filter((text) => SERVER_PACKAGE_NAMES.some((server) => text.includes(server))).map((text) => `${file} has the string ${JSON.stringify(text)}`),
      ]
    })
    expect(problems).toEqual([])
  })
})

describe.each(LIBRARY_PACKAGES)('$name', (pkg) => {
  it('ships the source map each chunk names, with every source embedded (src/ is not published)', () => {
    const problems = distFiles(pkg, '.js').flatMap((file) => {
      const mapUrl = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(pkg.dir, file), 'utf8'))?.[1]
      // A chunk that only re-exports other chunks (an entry facade, the `zh` alias of `zh-CN`) has nothing to map.
      if (mapUrl === undefined) return readModuleFacts(join(pkg.dir, file)).onlyModuleSyntax ? [] : [`${file} names no source map`]
      if (mapUrl !== `${basename(file)}.map`) return [`${file} names ${mapUrl}`]
      let map: { sources: string[]; sourcesContent?: (string | null)[] }
      try {
        map = JSON.parse(readFileSync(join(pkg.dir, `${file}.map`), 'utf8')) as typeof map
      } catch {
        return [`${file}.map is missing or unreadable`]
      }
      if (map.sources.length === 0) return [`${file}.map maps nothing`]
      return map.sources.filter((source, index) => typeof map.sourcesContent?.[index] !== 'string').map((source) => `${file}.map does not embed ${source}`)
    })
    expect(problems).toEqual([])
  })

  it('imports only its own chunks, its dependencies and peers, and (server side) node: built-ins', () => {
    const declared = new Set([...Object.keys(pkg.manifest.dependencies ?? {}), ...Object.keys(pkg.manifest.peerDependencies ?? {})])
    const optionalTypes = OPTIONAL_TYPE_IMPORTS[pkg.name] ?? []
    const used = new Set<string>()
    const problems = builtFiles(pkg).flatMap((file) =>
      readModuleFacts(join(pkg.dir, file)).specifiers.flatMap((specifier) => {
        if (isRelative(specifier)) return []
        if (isBuiltin(specifier)) {
          return pkg.runtime === 'server' && specifier.startsWith('node:') ? [] : [`${file} imports the built-in ${specifier}`]
        }
        const name = packageNameOf(specifier)
        used.add(name)
        if (declared.has(name) || (file.endsWith('.d.ts') && optionalTypes.includes(name))) return []
        return [`${file} imports ${specifier}, which is not in dependencies or peerDependencies`]
      }),
    )
    expect(problems).toEqual([])
    // Each exception must still be needed, so the list cannot go stale.
    expect(optionalTypes.filter((name) => !used.has(name))).toEqual([])
  })
})
