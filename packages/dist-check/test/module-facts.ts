import { readFileSync } from 'node:fs'
import { parseAst } from 'vite'

/** What one built file says about itself, read from its syntax tree (comments excluded). */
export interface ModuleFacts {
  /** The directive prologue, in order: `['use client']`. */
  readonly directives: readonly string[]
  /** Every module it reaches: static and dynamic imports, re-exports, `import('x').T` types. */
  readonly specifiers: readonly string[]
  /** Every string literal and template chunk in the code. */
  readonly strings: readonly string[]
}

interface Node {
  readonly type: string
  readonly [key: string]: unknown
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

/** The string value of a `Literal` or of a `TSLiteralType` wrapping one. */
function literalString(value: unknown): string | undefined {
  if (!isNode(value)) return undefined
  if (value.type === 'Literal' && typeof value.value === 'string') return value.value
  if (value.type === 'TSLiteralType') return literalString(value.literal)
  return undefined
}

/**
 * Parses a built `.js` or `.d.ts` file with the parser Vite ships (Oxc, through rolldown) and
 * collects its directives, module specifiers and strings. A syntax tree and not a text search,
 * because the doc comments rightly mention `@hakiki/proxy` and only code may not.
 */
export function readModuleFacts(file: string): ModuleFacts {
  const program = parseAst(readFileSync(file, 'utf8'), { lang: file.endsWith('.d.ts') ? 'dts' : 'js' }) as unknown as Node
  const body = program.body as readonly Node[]
  const directives: string[] = []
  for (const statement of body) {
    if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') break
    directives.push(statement.directive)
  }

  const specifiers: string[] = []
  const strings: string[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (typeof value !== 'object' || value === null) return
    if (isNode(value)) {
      switch (value.type) {
        case 'ImportDeclaration':
        case 'ExportNamedDeclaration':
        case 'ExportAllDeclaration':
        case 'ImportExpression': {
          const source = literalString(value.source)
          if (source !== undefined) specifiers.push(source)
          break
        }
        case 'TSImportType': {
          const source = literalString(value.source ?? value.argument)
          if (source !== undefined) specifiers.push(source)
          break
        }
        case 'Literal':
          if (typeof value.value === 'string') strings.push(value.value)
          break
        case 'TemplateElement':
          strings.push((value.value as { cooked?: string; raw: string }).cooked ?? (value.value as { raw: string }).raw)
          break
      }
    }
    for (const child of Object.values(value)) visit(child)
  }
  visit(body)
  return { directives, specifiers, strings }
}

/** The package a bare specifier names: `react` for `react/jsx-runtime`, `@a/b` for `@a/b/c`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}
