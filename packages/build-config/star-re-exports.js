// Plain JavaScript for the same reason as index.js: tsdown loads it with Node.

const DIRECTIVE = /^\s*(['"])use (client|server)\1;?\s*/
const IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?\s*/
const EXPORT = /^export\s*\{([^}]*)\};?\s*$/

/** `a, b as c` → [['a', 'a'], ['b', 'c']] (imported or local name, then the name it gets). */
function bindings(list) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [from, as = from] = part.split(/\s+as\s+/)
      return [from, as]
    })
}

/**
 * Reads a facade: a chunk that is nothing but an optional directive, `import { … } from "…"`
 * lines and one `export { … }`, as rolldown writes the entry of a one-file-per-module build.
 * Returns undefined for any other chunk.
 */
function readFacade(code) {
  let rest = code
  const directive = DIRECTIVE.exec(rest)?.[0].trim()
  if (directive) rest = rest.slice(DIRECTIVE.exec(rest)[0].length)
  const imports = []
  for (let match = IMPORT.exec(rest); match; match = IMPORT.exec(rest)) {
    imports.push({ names: bindings(match[1]), from: match[2] })
    rest = rest.slice(match[0].length)
  }
  const exported = EXPORT.exec(rest)
  if (!exported || imports.length === 0) return undefined
  return { directive, imports, exports: bindings(exported[1]) }
}

/**
 * A rolldown plugin that writes the entry facades of a one-file-per-module build with
 * `export * from './module.js'` (or `export { a, b as c } from` where the entry picks or renames)
 * instead of rolldown's `import { a } from …; export { a }`.
 *
 * Why: with code splitting on (every app's production build), esbuild keeps each module an entry
 * imports by name in the entry's graph even when none of its exports is used, and when such a
 * module is shared with a lazy chunk (the phone region loaders are: the region index imports
 * them), the app's up-front bundle imports the shared chunk: `export { createProxyAdapter } from
 * '@hakiki/core'` fetched 4 kB of phone region tables. Through `export *` esbuild links only the
 * modules whose exports are used, as it does for the sources. Rolldown and webpack tree-shake
 * either form alike. `apps/bench` (`pnpm bench:size`) measures the published packages.
 *
 * @returns {import('rolldown').Plugin}
 */
export function starReExports() {
  return {
    name: 'hakiki:star-re-exports',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        // Declarations (`.d.ts`, built as chunks too) keep their form: types do not reach a bundle.
        if (chunk.type !== 'chunk' || !chunk.isEntry || !chunk.fileName.endsWith('.js')) continue
        const facade = readFacade(chunk.code)
        if (!facade) continue
        const exportedAs = new Map(facade.exports)
        const lines = facade.imports.map(({ names: all, from }) => {
          const names = all.filter(([, local]) => exportedAs.has(local))
          const target = bundle[new URL(from, `file:///${chunk.fileName}`).pathname.slice(1)]
          const exportsOfTarget = target?.type === 'chunk' ? target.exports : undefined
          const sameNames = names.every(([imported, local]) => exportedAs.get(local) === imported)
          const whole =
            exportsOfTarget !== undefined && !exportsOfTarget.includes('default') && exportsOfTarget.length === names.length && names.every(([imported]) => exportsOfTarget.includes(imported))
          return { from, names, star: sameNames && whole, all: exportsOfTarget ?? [] }
        })
        // `export *` of two modules that share a name exports neither: keep those named.
        const counts = new Map()
        for (const line of lines.filter((l) => l.star)) for (const name of line.all) counts.set(name, (counts.get(name) ?? 0) + 1)
        for (const line of lines) if (line.star && line.all.some((name) => counts.get(name) > 1)) line.star = false
        const body = lines.map(({ from, names, star }) =>
          star ? `export * from "${from}";` : `export { ${names.map(([imported, local]) => (exportedAs.get(local) === imported ? imported : `${imported} as ${exportedAs.get(local)}`)).join(', ')} } from "${from}";`,
        )
        // Every exported name must come from one of the imports, or the rewrite would lose it.
        const covered = new Set(facade.imports.flatMap(({ names }) => names.map(([, local]) => local)))
        const lost = facade.exports.filter(([local]) => !covered.has(local))
        if (lost.length > 0) throw new Error(`star-re-exports: ${chunk.fileName} exports ${lost.map(([l]) => l).join(', ')} from no import`)
        chunk.code = `${facade.directive ? `${facade.directive}\n\n` : ''}${body.join('\n')}\n`
      }
    },
  }
}
