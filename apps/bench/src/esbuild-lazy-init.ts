import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, type Node } from 'acorn'
import { build, type Plugin } from 'esbuild'

/*
 * evanw/esbuild#1490: in a bundle without code splitting (esbuild's default, and wrangler's for
 * Cloudflare Workers), esbuild wraps every module that an `import()` reaches in a lazy initialiser
 * (`var init_x = __esm({...})`) and calls it where the module is needed. Behind a side-effect-free
 * package's `export *` it may never call it before the module's bindings are used: `CodeInput`
 * was `undefined` in such a bundle of @hakiki/ui, `COUNTRIES` in a Worker of @hakiki/core.
 */

/** A lazily initialised module whose bindings are used before its initialiser is called. */
export interface LazyInitProblem {
  /** The module, as esbuild names it in the bundle (`node_modules/fx/state.js`). */
  module: string
  /** Its bindings used outside lazy code before (or without) `init_*()`. */
  used: string[]
}

type AnyNode = Node & Record<string, unknown>

/** Identifiers `node` reads, skipping property names and the bodies of function declarations. */
function referencedNames(node: unknown, names: Set<string>): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) referencedNames(child, names)
    return names
  }
  if (!node || typeof node !== 'object' || typeof (node as AnyNode).type !== 'string') return names
  const n = node as AnyNode
  if (n.type === 'Identifier') names.add(n.name as string)
  else if (n.type === 'FunctionDeclaration') return names
  else if (n.type === 'MemberExpression') {
    referencedNames(n.object, names)
    if (n.computed) referencedNames(n.property, names)
  } else if (n.type === 'Property' || n.type === 'PropertyDefinition' || n.type === 'MethodDefinition') {
    if (n.computed) referencedNames(n.key, names)
    referencedNames(n.value, names)
  } else {
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && key !== 'loc' && key !== 'range') referencedNames(value, names)
  }
  return names
}

const calleeName = (statement: AnyNode): string | undefined => {
  const expression = statement.type === 'ExpressionStatement' ? (statement.expression as AnyNode) : undefined
  return expression?.type === 'CallExpression' && (expression.callee as AnyNode).type === 'Identifier' ? ((expression.callee as AnyNode).name as string) : undefined
}

/**
 * Reads an unminified esbuild ESM bundle and lists the lazily initialised modules (`__esm`)
 * whose bindings top-level code uses (an `export { … }`, a variable's initialiser, a statement)
 * without a top-level `init_*()` before it: exactly what evanw/esbuild#1490 produces. Uses inside
 * another lazily initialised module's initialiser, inside hoisted function declarations and
 * inside the namespace getters of `__export` are lazy and fine.
 */
export function findLazyInitProblems(code: string): LazyInitProblem[] {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: AnyNode[] }
  /** Each wrapped module's initialiser name → its path and the bindings its initialiser assigns. */
  const wrapped = new Map<string, { module: string; bindings: Set<string>; calls: string[] }>()
  const owner = new Map<string, string>()
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration') continue
    for (const declarator of statement.declarations as AnyNode[]) {
      const init = declarator.init as AnyNode | null
      if (!init || init.type !== 'CallExpression' || (init.callee as AnyNode).name !== '__esm') continue
      const wrapper = ((init.arguments as AnyNode[])[0]?.properties as AnyNode[] | undefined)?.[0]
      const body = (((wrapper?.value as AnyNode | undefined)?.body as AnyNode | undefined)?.body ?? []) as AnyNode[]
      const bindings = new Set<string>()
      const assigned = (expression: AnyNode | undefined): void => {
        if (expression?.type === 'SequenceExpression') for (const e of expression.expressions as AnyNode[]) assigned(e)
        else if (expression?.type === 'AssignmentExpression' && (expression.left as AnyNode).type === 'Identifier') bindings.add((expression.left as AnyNode).name as string)
      }
      for (const inner of body) if (inner.type === 'ExpressionStatement') assigned(inner.expression as AnyNode)
      // The initialisers it calls first (those of the modules it imports).
      const calls = body.flatMap((inner) => calleeName(inner) ?? []).filter((callee) => callee.startsWith('init_'))
      const name = (declarator.id as AnyNode).name as string
      wrapped.set(name, { module: String((wrapper?.key as AnyNode | undefined)?.value ?? name), bindings, calls })
      for (const binding of bindings) owner.set(binding, name)
    }
  }
  const initialised = new Set<string>()
  const problems = new Map<string, Set<string>>()
  for (const statement of program.body) {
    const callee = calleeName(statement)
    if (callee && wrapped.has(callee)) {
      // It runs the initialisers of what it imports too.
      const queue = [callee]
      for (let init = queue.pop(); init !== undefined; init = queue.pop()) {
        if (initialised.has(init)) continue
        initialised.add(init)
        queue.push(...(wrapped.get(init)?.calls ?? []))
      }
      continue
    }
    // esbuild's own runtime and the wrappers themselves.
    if (callee === '__export') continue
    if (statement.type === 'VariableDeclaration' && (statement.declarations as AnyNode[]).every((d) => !d.init || ((d.init as AnyNode).callee as AnyNode | undefined)?.name === '__esm')) continue
    // An `export { … }` is a live binding: initialised by the end of the module is enough.
    if (statement.type === 'ExportNamedDeclaration') continue
    for (const name of referencedNames(statement, new Set())) {
      const init = owner.get(name)
      if (init && !initialised.has(init)) problems.set(init, (problems.get(init) ?? new Set()).add(name))
    }
  }
  for (const statement of program.body.filter((s) => s.type === 'ExportNamedDeclaration')) {
    for (const specifier of (statement.specifiers ?? []) as AnyNode[]) {
      const name = (specifier.local as AnyNode).name as string
      const init = owner.get(name)
      if (init && !initialised.has(init)) problems.set(init, (problems.get(init) ?? new Set()).add(name))
    }
  }
  return [...problems].map(([init, used]) => ({ module: wrapped.get(init)?.module ?? init, used: [...used].toSorted() }))
}

const WORKSPACE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/** One public entry of a published package. */
export interface PublishedEntry {
  /** What users import: `@hakiki/ui`, `@hakiki/engine/smtp`. */
  specifier: string
  /** The file it points to: the TypeScript source, or with `dist` the built file npm users get. */
  file: string
}

/** An export's target: a file, or conditions (nested: `source: { node, default }`). */
type Target = string | { [condition: string]: Target }

/** The file of `target` under `condition`, taking `default` where it nests. */
const fileOf = (target: Target | undefined, condition: string): string | undefined =>
  typeof target === 'string' || target === undefined ? target : fileOf(target[condition] ?? target.default, 'default')

interface Manifest {
  name: string
  private?: boolean
  exports?: Record<string, Target>
  publishConfig?: { exports?: Record<string, Target> }
}

/**
 * Every public entry of the published packages, from their package.json: the `source` file of
 * each export, or (`dist`) the built file of `publishConfig.exports`.
 */
export function publishedEntries(options: { dist?: boolean } = {}): PublishedEntry[] {
  const entries: PublishedEntry[] = []
  for (const dir of readdirSync(join(WORKSPACE_ROOT, 'packages'))) {
    let manifest: Manifest
    try {
      manifest = JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'packages', dir, 'package.json'), 'utf8')) as Manifest
    } catch {
      continue
    }
    if (manifest.private) continue
    const exports = (options.dist ? manifest.publishConfig?.exports : undefined) ?? manifest.exports ?? {}
    for (const [subpath, target] of Object.entries(exports)) {
      const file = fileOf(target, options.dist ? 'import' : 'source')
      if (!file || /\.(css|json)$/.test(file)) continue
      entries.push({ specifier: subpath === '.' ? manifest.name : `${manifest.name}${subpath.slice(1)}`, file: join(WORKSPACE_ROOT, 'packages', dir, file) })
    }
  }
  return entries.toSorted((a, b) => a.specifier.localeCompare(b.specifier))
}

/** Leaves every package but ours (and Node's built-ins) out of the bundle, as they do not change how ours link. */
const othersExternal: Plugin = {
  name: 'others-external',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@hakiki/') ? undefined : { path: args.path, external: true }))
  },
}

/**
 * Bundles everything `file` exports (`export * from file`) with esbuild as a Worker or a plain
 * app build does: one ESM file, no code splitting, not minified (so that the initialisers keep
 * their names); `conditions: ['source']` links the workspace's sources.
 */
export async function bundleWithoutSplitting(file: string, conditions: readonly string[] = []): Promise<string> {
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(file)}`, resolveDir: WORKSPACE_ROOT, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: [...conditions],
    target: 'es2022',
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'dataurl' },
    plugins: [othersExternal],
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}
