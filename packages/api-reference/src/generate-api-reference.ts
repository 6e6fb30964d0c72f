/**
 * The API reference of the documentation site: one MDX page per published package
 * (`docs/api/<name>.mdx`), written from the doc comments of what each entry exports, read with
 * TypeDoc. TypeDoc needs TypeScript's library API, which TypeScript 7 (the workspace's `tsc`) does
 * not have, so this package alone depends on TypeScript 5.9.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  Application,
  type Comment,
  type CommentDisplayPart,
  type DeclarationReflection,
  type ProjectReflection,
  ReflectionKind,
  type SignatureReflection,
  type SomeType,
} from 'typedoc'

/** A published package and the source file of each of its entries. */
export interface ApiPackage {
  name: string
  description: string
  dir: string
  /** `@hakiki/proxy/node` → `packages/proxy/src/node.ts`. */
  entries: { specifier: string; file: string }[]
}

/** One property of an exported options-like interface, as the reference shows it. */
export interface ApiOption {
  name: string
  type: string
  optional: boolean
  /** The default as documented (`@default`, or "Default: …" / "default …" in the comment); `undefined` when none is. */
  defaultValue: string | undefined
  description: string
}

/** One export of an entry. */
export interface ApiExport {
  name: string
  kind: string
  entry: string
  /** Signatures or the declaration, as TypeScript. */
  declaration: string
  description: string
  /** Properties, for an interface or an object type. */
  options: ApiOption[]
}

/** The published (not private) packages of the workspace and their `source` entries. */
export function findPublishedPackages(root: string): ApiPackage[] {
  const packagesDir = path.join(root, 'packages')
  const found: ApiPackage[] = []
  for (const folder of readdirSync(packagesDir).toSorted()) {
    const manifestPath = path.join(packagesDir, folder, 'package.json')
    if (!existsSync(manifestPath)) continue
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; private?: boolean; description?: string; exports?: Record<string, unknown> }
    if (manifest.private) continue
    const entries: ApiPackage['entries'] = []
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = sourceOf(target)
      if (source && /\.tsx?$/.test(source)) entries.push({ specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`, file: path.join(packagesDir, folder, source) })
    }
    if (entries.length > 0) found.push({ name: manifest.name, description: manifest.description ?? '', dir: path.join(packagesDir, folder), entries })
  }
  return found
}

/** The `source` condition of an export target, nested conditions included. */
function sourceOf(target: unknown): string | undefined {
  if (typeof target !== 'object' || target === null) return undefined
  const record = target as Record<string, unknown>
  if (typeof record.source === 'string') return record.source
  for (const value of Object.values(record)) {
    const nested = sourceOf(value)
    if (nested) return nested
  }
  return undefined
}

/** Markdown text of comment parts; `{@link X}` becomes `X` in code. */
function partsText(parts: readonly CommentDisplayPart[] | undefined): string {
  return (parts ?? [])
    .map((part) => {
      if (part.kind === 'inline-tag') return `\`${part.text.trim()}\``
      return part.text
    })
    .join('')
    .trim()
}

/** The summary of a comment, and its `@default`/`@defaultValue` tag. */
function commentOf(comment: Comment | undefined): { text: string; defaultTag: string | undefined } {
  if (!comment) return { text: '', defaultTag: undefined }
  const tag = comment.blockTags.find((t) => t.tag === '@default' || t.tag === '@defaultValue')
  const rest = comment.blockTags
    .filter((t) => t.tag !== '@default' && t.tag !== '@defaultValue' && t.tag !== '@example')
    .map((t) => `${t.tag === '@returns' ? 'Returns' : t.tag === '@throws' ? 'Throws' : t.tag === '@deprecated' ? 'Deprecated' : t.tag.slice(1)}: ${partsText(t.content)}`)
  return { text: [partsText(comment.summary), ...rest].filter(Boolean).join('\n\n'), defaultTag: tag ? partsText(tag.content).replace(/^```\w*\n?|\n?```$/g, '').trim() : undefined }
}

// "Default: `createMemoryStore()`", "; default 1000.", "(ms, default 0)", "Default 0.05.".
const DEFAULT_WORD = /(?:^|[\s(;,.])[Dd]efault(?:s to|:| is)?\s+/

/** The default a property's documentation gives, if any: the words after "default" up to the end of their clause. */
export function documentedDefault(text: string, tag: string | undefined): string | undefined {
  if (tag) return tag.split(/;\s/)[0]!.trim()
  const match = DEFAULT_WORD.exec(text)
  if (!match) return undefined
  const rest = text.slice(match.index + match[0].length)
  let depth = 0
  let inCode = false
  let end = rest.length
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!
    const next = rest[i + 1] ?? ' '
    if (c === '`') inCode = !inCode
    if (inCode) continue
    if (c === '(') depth++
    else if (c === ')' && depth-- === 0) { end = i; break }
    else if (depth === 0 && (c === ';' || c === '\n' || ((c === '.' || c === ',' || c === ':') && /\s/.test(next)))) { end = i; break }
  }
  const value = rest.slice(0, end).trim()
  if (value === '') return undefined
  return value.length > 90 ? `${value.slice(0, 88).trimEnd()}…` : value
}

function typeText(type: SomeType | undefined): string {
  return type ? type.toString() : 'unknown'
}

function signatureText(name: string, signature: SignatureReflection): string {
  const typeParameters = signature.typeParameters?.length ? `<${signature.typeParameters.map((t) => t.name).join(', ')}>` : ''
  const parameters = (signature.parameters ?? []).map((p) => `${p.flags.isRest ? '...' : ''}${p.name}${p.flags.isOptional || p.defaultValue ? '?' : ''}: ${typeText(p.type)}`).join(', ')
  return `${name}${typeParameters}(${parameters}): ${typeText(signature.type)}`
}

/**
 * A member declared outside the workspace (an `Error`'s `stack`, the HTML attributes a component's
 * props extend): the platform's documentation covers it, and listing it would drown the options.
 */
function isExternal(member: DeclarationReflection): boolean {
  const sources = member.sources ?? []
  return sources.length > 0 ? sources.every((source) => source.fullFileName.includes('/node_modules/')) : member.inheritedFrom !== undefined
}

function optionsOf(reflection: DeclarationReflection): ApiOption[] {
  const children = reflection.children ?? (reflection.type?.type === 'reflection' ? reflection.type.declaration.children : undefined) ?? []
  return children
    .filter((child) => child.kindOf(ReflectionKind.Property | ReflectionKind.Method | ReflectionKind.Accessor) && !isExternal(child))
    .map((child) => {
      const signature = child.signatures?.[0]
      const { text, defaultTag } = commentOf(child.comment ?? signature?.comment)
      return {
        name: child.name,
        type: signature ? signatureText('', signature).replace(/^/, '') : typeText(child.type),
        optional: child.flags.isOptional,
        defaultValue: documentedDefault(text, defaultTag),
        description: text,
      }
    })
}

/** The exports of one entry, each with its declaration, description and options. */
export function exportsOf(module: ProjectReflection | DeclarationReflection, entry: string): ApiExport[] {
  return (module.children ?? []).map((child) => {
    const signatures = child.signatures ?? []
    const { text } = commentOf(child.comment ?? signatures[0]?.comment)
    const kind = ReflectionKind.singularString(child.kind).toLowerCase()
    let declaration: string
    if (signatures.length > 0) declaration = signatures.map((s) => `function ${signatureText(child.name, s)}`).join('\n')
    else if (child.kindOf(ReflectionKind.Interface)) declaration = `interface ${child.name}${child.extendedTypes?.length ? ` extends ${child.extendedTypes.map(typeText).join(', ')}` : ''}`
    else if (child.kindOf(ReflectionKind.Class)) declaration = `class ${child.name}${child.extendedTypes?.length ? ` extends ${child.extendedTypes.map(typeText).join(', ')}` : ''}`
    else if (child.kindOf(ReflectionKind.TypeAlias)) declaration = `type ${child.name} = ${typeText(child.type)}`
    else if (child.kindOf(ReflectionKind.Variable)) declaration = `const ${child.name}: ${typeText(child.type)}`
    else declaration = `${kind} ${child.name}`
    const options = child.kindOf(ReflectionKind.Interface | ReflectionKind.Class | ReflectionKind.TypeAlias) ? optionsOf(child) : []
    return { name: child.name, kind, entry, declaration, description: text || partsText(signatures[0]?.comment?.summary), options }
  })
}

/** Inline code safe in MDX: a code span, or JSX with a string when it holds `{`, `}`, `<` or `>`. */
function inlineCode(inner: string): string {
  return /[{}<>]/.test(inner) ? `<code>{${JSON.stringify(inner)}}</code>` : `\`${inner}\``
}

/**
 * Text safe in MDX prose: fenced code blocks kept as they are, `{`, `}`, `<` and `>` escaped
 * elsewhere, and code spans that hold them written as JSX strings (MDX would read them as
 * expressions and tags).
 */
function mdxText(text: string): string {
  return text
    .split(/(^```[^\n]*\n[\s\S]*?^```$)/m)
    .map((block, b) =>
      b % 2 === 1
        ? block
        : block
            .split(/(`[^`\n]+`)/)
            .map((piece, i) => (i % 2 === 1 ? inlineCode(piece.slice(1, -1)) : piece.replace(/[{}<>]/g, (c) => `&#${c.charCodeAt(0)};`)))
            .join(''),
    )
    .join('')
}

/** Text safe in a table cell: one line (a code block becomes a code span), no unescaped `|`. */
function cell(text: string): string {
  const oneLine = text.replace(/```[^\n]*\n([\s\S]*?)\n?```/g, (_, body: string) => `\`${body.replace(/`/g, "'").replace(/\s*\n\s*/g, ' ')}\``).replace(/\s*\n\s*/g, ' ')
  return mdxText(oneLine).replace(/\|/g, '\\|')
}

/** Inline code of a type, safe in MDX and in a table cell. */
function code(text: string): string {
  return inlineCode(text.replace(/\s*\n\s*/g, ' ').replace(/`/g, "'")).replace(/\|/g, '\\|')
}

/** Storybook's docs id of a page title. */
export function docsIdOf(title: string): string {
  return `${title
    .toLowerCase()
    .replace(/[ ’–—―′¿'`~!@#$%^&*()_|+\-=?;:'",.<>{}[\]\\/]/gi, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')}--docs`
}

/** The MDX page of one package. */
export function renderPackagePage(pkg: ApiPackage, exports: readonly ApiExport[]): string {
  const title = `API reference/${pkg.name}`
  const lines = [
    "import { Meta } from '@storybook/addon-docs/blocks'",
    '',
    `<Meta title="${title}" />`,
    '',
    `{/* Generated by @hakiki/api-reference from the doc comments of ${path.basename(pkg.dir)}/src: edit those, not this page. */}`,
    '',
    `# ${pkg.name}`,
    '',
    mdxText(pkg.description),
    '',
  ]
  for (const entry of pkg.entries) {
    const own = exports.filter((e) => e.entry === entry.specifier)
    lines.push(`## \`${entry.specifier}\``, '', `${own.length} exports: ${own.map((e) => `\`${e.name}\``).join(', ')}.`, '')
    for (const item of own) {
      lines.push(`### ${item.name}`, '', `*${item.kind}*`, '')
      if (item.description) lines.push(mdxText(item.description), '')
      lines.push('{/* snippet: skip a declaration generated from the source, not a program */}', '```ts', item.declaration, '```', '')
      if (item.options.length > 0) {
        lines.push('| name | type | default | description |', '|---|---|---|---|')
        for (const option of item.options) {
          const defaultValue = option.defaultValue !== undefined ? (option.defaultValue.startsWith('`') ? cell(option.defaultValue) : cell(option.defaultValue)) : option.optional ? 'not set' : 'required'
          lines.push(`| \`${option.name}${option.optional ? '?' : ''}\` | ${code(option.type)} | ${defaultValue} | ${cell(option.description)} |`)
        }
        lines.push('')
      }
    }
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`
}

/** The file name of a package's page: `@hakiki/proxy` → `proxy.mdx`. */
export function pageFileOf(pkg: ApiPackage): string {
  return `${pkg.name.replace(/^@hakiki\//, '').replace(/[^\w-]/g, '-')}.mdx`
}

/** Reads the exports of every entry of `packages` with one TypeDoc run. */
export async function readExports(root: string, packages: readonly ApiPackage[]): Promise<Map<string, ApiExport[]>> {
  const entries = packages.flatMap((pkg) => pkg.entries.map((entry) => ({ pkg, ...entry })))
  // TypeDoc needs a tsconfig naming its entry points; written beside this package, whose
  // node_modules hold the @types it resolves.
  const tsconfig = path.join(root, 'packages', 'api-reference', '.tsconfig.generated.json')
  writeFileSync(
    tsconfig,
    JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { types: ['node'], noEmit: true, skipLibCheck: true }, files: entries.map((e) => e.file) }, null, 2),
  )
  const app = await Application.bootstrap({
    entryPoints: entries.map((e) => e.file),
    entryPointStrategy: 'resolve',
    tsconfig,
    // The workspace is type-checked by TypeScript 7; 5.9 only reads the declarations here.
    skipErrorChecking: true,
    excludePrivate: true,
    excludeInternal: true,
    logLevel: 'Error',
    validation: { notExported: false, invalidLink: false, notDocumented: false },
  })
  const project = await app.convert()
  if (!project) throw new Error('TypeDoc could not read the packages')
  const modules = entries.length === 1 ? [project] : (project.children ?? [])
  const byPackage = new Map<string, ApiExport[]>()
  for (const [index, entry] of entries.entries()) {
    // TypeDoc keeps the entry points' order; each module is named after its path.
    const module = modules.find((m) => m.name === moduleNameOf(root, entries.map((e) => e.file), entry.file)) ?? modules[index]
    if (!module) continue
    byPackage.set(entry.pkg.name, [...(byPackage.get(entry.pkg.name) ?? []), ...exportsOf(module, entry.specifier)])
  }
  return byPackage
}

/** TypeDoc's name of a module: its path from the entry points' common folder, without `/index.ts` or the extension. */
function moduleNameOf(_root: string, files: readonly string[], file: string): string {
  const parts = files.map((f) => f.split(path.sep))
  let common = 0
  while (parts.every((p) => p[common] === parts[0]![common])) common++
  return file.split(path.sep).slice(common).join('/').replace(/(\/index)?\.tsx?$/, '')
}

/** The newest modification time under a folder's `src`, ignoring tests. */
function newestSource(dir: string): number {
  let newest = 0
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name)
      const stat = statSync(full)
      if (stat.isDirectory()) walk(full)
      else if (!/\.(test|stories)\./.test(name)) newest = Math.max(newest, stat.mtimeMs)
    }
  }
  if (existsSync(path.join(dir, 'src'))) walk(path.join(dir, 'src'))
  return Math.max(newest, statSync(path.join(dir, 'package.json')).mtimeMs)
}

/**
 * Writes `docs/api/<package>.mdx` for every published package (and removes pages of packages that
 * are gone). With `onlyIfStale`, does nothing when every page is newer than its package's sources
 * and this generator.
 */
export async function generateApiReference(root: string, { onlyIfStale = false }: { onlyIfStale?: boolean } = {}): Promise<{ written: string[]; skipped: boolean }> {
  const outDir = path.join(root, 'docs', 'api')
  const packages = findPublishedPackages(root)
  const generator = statSync(new URL(import.meta.url)).mtimeMs
  if (onlyIfStale && packages.every((pkg) => {
    const page = path.join(outDir, pageFileOf(pkg))
    return existsSync(page) && statSync(page).mtimeMs > Math.max(newestSource(pkg.dir), generator)
  })) return { written: [], skipped: true }
  const exports = await readExports(root, packages)
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const written: string[] = []
  for (const pkg of packages) {
    const file = path.join(outDir, pageFileOf(pkg))
    writeFileSync(file, renderPackagePage(pkg, exports.get(pkg.name) ?? []))
    written.push(file)
  }
  return { written, skipped: false }
}
