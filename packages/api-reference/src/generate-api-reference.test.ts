import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { documentedDefault, findPublishedPackages, generateApiReference, pageFileOf, renderPackagePage, type ApiPackage } from './generate-api-reference'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

describe('documentedDefault', () => {
  it('reads the default a doc comment gives, in the forms the packages write it', () => {
    expect(documentedDefault('Deadline of the store calls, in ms; default 1000. A store that', undefined)).toBe('1000')
    expect(documentedDefault('Where counters live. Default: `createMemoryStore()`, right for one instance.', undefined)).toBe('`createMemoryStore()`')
    expect(documentedDefault('Clock in epoch milliseconds; default `Date.now`.', undefined)).toBe('`Date.now`')
    expect(documentedDefault('Channels offered.', 'every channel')).toBe('every channel')
    expect(documentedDefault('Turn it off for a second button.', 'true; turn it off')).toBe('true')
    expect(documentedDefault('Fee assumed, USD. Default 0.05.', undefined)).toBe('0.05')
    expect(documentedDefault('Time a give still gets (ms, default 0): a request', undefined)).toBe('0')
    expect(documentedDefault('Lifetime; default 600 s (10 min): long enough', undefined)).toBe('600 s (10 min)')
    expect(documentedDefault('The number of digits.', undefined)).toBeUndefined()
  })
})

describe('a package page', () => {
  const pkg: ApiPackage = { name: '@hakiki/x', description: 'Does <x> {y}.', dir: '/tmp/x', entries: [{ specifier: '@hakiki/x', file: '/tmp/x/src/index.ts' }] }
  const page = renderPackagePage(pkg, [
    {
      name: 'XOptions',
      kind: 'interface',
      entry: '@hakiki/x',
      declaration: 'interface XOptions',
      description: 'Options of `x<T>()`, with {braces} and <tags>.',
      options: [
        { name: 'a', type: "'x' | 'y'", optional: true, defaultValue: "`'x'`", description: 'A, or B.' },
        { name: 'b', type: 'number', optional: false, defaultValue: undefined, description: 'Required.' },
        { name: 'c', type: 'string', optional: true, defaultValue: undefined, description: '' },
      ],
    },
  ])

  it('is an MDX page of the site: its title, escaped prose, a table of options with their defaults', () => {
    expect(page).toContain('<Meta title="API reference/@hakiki/x" />')
    expect(page).toContain('Does &#60;x&#62; &#123;y&#125;.')
    // Code with braces or angle brackets as a JSX string: MDX reads those as expressions and tags even in a code span's cell.
    expect(page).toContain('Options of <code>{"x<T>()"}</code>, with &#123;braces&#125; and &#60;tags&#62;.')
    expect(page).toContain("| `a?` | `'x' \\| 'y'` | `'x'` | A, or B. |")
    expect(page).toContain('| `b` | `number` | required | Required. |')
    expect(page).toContain('| `c?` | `string` | not set |  |')
  })
})

describe('the API reference of the workspace', () => {
  let packages: ApiPackage[]
  beforeAll(async () => {
    packages = findPublishedPackages(root)
    await generateApiReference(root, { onlyIfStale: true })
  })

  it('has a page per published package, with a section for every export of each entry (as TypeScript lists them)', () => {
    const manifests = packages.map((p) => p.name)
    for (const name of ['@hakiki/core', '@hakiki/react', '@hakiki/ui', '@hakiki/proxy', '@hakiki/verify-client', '@hakiki/sandbox', '@hakiki/twilio']) expect(manifests).toContain(name)
    // A TypeScript program of its own: the exports as the compiler sees them, not as TypeDoc rendered them.
    const files = packages.flatMap((p) => p.entries.map((e) => e.file))
    const base = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.base.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!
    const program = ts.createProgram(files, { ...base.options, noEmit: true, types: [] })
    const checker = program.getTypeChecker()
    const missing: string[] = []
    for (const pkg of packages) {
      const page = readFileSync(path.join(root, 'docs', 'api', pageFileOf(pkg)), 'utf8')
      const headings = new Set([...page.matchAll(/^### (\S+)$/gm)].map((m) => m[1]))
      for (const entry of pkg.entries) {
        const module = checker.getSymbolAtLocation(program.getSourceFile(entry.file)!)
        const names = module ? checker.getExportsOfModule(module).map((s) => s.name) : []
        if (names.length === 0) missing.push(`${entry.specifier}: no exports read`)
        for (const name of names) if (!headings.has(name)) missing.push(`${entry.specifier}: ${name}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('shows every option with its default: a documented default in the Default column, "required" or "not set" otherwise', () => {
    const rows: { page: string; name: string; defaultValue: string; description: string }[] = []
    for (const pkg of packages) {
      const page = readFileSync(path.join(root, 'docs', 'api', pageFileOf(pkg)), 'utf8')
      for (const section of page.split(/^### /m).slice(1)) {
        const owner = section.slice(0, section.indexOf('\n'))
        for (const [, name, defaultValue, description] of section.matchAll(/^\| `([^`]+)` \| (?:`(?:[^`]|\\`)*`|<code>.*?<\/code>) \| (.*?) \| (.*) \|$/gm)) rows.push({ page: `${pkg.name} ${owner}`, name: name!, defaultValue: defaultValue!, description: description! })
      }
    }
    expect(rows.length).toBeGreaterThan(300)
    // A description that names a default has it in the Default column.
    const unread = rows.filter((r) => /\b[Dd]efault(:| is| [`\d'A-Za-z])/.test(r.description) && /^(not set|required)$/.test(r.defaultValue)).map((r) => `${r.page} ${r.name}: ${r.description.slice(0, 80)}`)
    expect(unread).toEqual([])
    const of = (page: string, name: string) => rows.find((r) => r.page === page && r.name === name)?.defaultValue
    const handler = '@hakiki/proxy VerifyHandlerOptions'
    expect([of(handler, 'storeTimeoutMs?'), of(handler, 'codeLength?'), of(handler, 'secret')]).toEqual(['1000', "the provider's `codeLength`, else 6", 'required'])
    expect(of('@hakiki/ui CodeInputProps', 'length?')).toBe('6')
  })
})
