import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { checkSnippets, formatFailures } from './check-snippets'
import { findDocuments } from './find-documents'

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const root = path.resolve(packageDir, '../..')

it('reads every README of the repository and every guide', () => {
  const documents = findDocuments(root)
  expect(documents).toContain('README.md')
  expect(documents).toContain('packages/proxy/README.md')
  expect(documents.filter((d) => d.startsWith('docs/')).every((d) => d.endsWith('.mdx'))).toBe(true)
})

it('type-checks every code block of the READMEs and guides against the workspace packages', () => {
  const result = checkSnippets({ root, workDir: path.join(packageDir, '.snippets', 'docs'), contextDir: path.join(packageDir, 'context') })
  // Fails with one `file:line: TSxxxx message` line per problem, so the log says which block drifted.
  expect(formatFailures(result.failures)).toBe('')
  expect(result.checked).toBeGreaterThan(30)
  // Skips are rare, and each says why.
  expect(result.skipped.length).toBeLessThanOrEqual(3)
})
