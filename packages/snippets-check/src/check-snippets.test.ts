import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkSnippets } from './check-snippets'

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const root = path.resolve(packageDir, '../..')

describe('checkSnippets', () => {
  it('fails a block that does not type-check, at its file and line, and passes the others', () => {
    const result = checkSnippets({
      root,
      documents: ['packages/snippets-check/test/fixtures/broken.md', 'packages/snippets-check/test/fixtures/guide.mdx'],
      workDir: path.join(packageDir, '.snippets', 'fixtures'),
      contextDir: path.join(packageDir, 'context'),
    })
    expect(result.checked).toBe(4)
    expect(result.skipped).toEqual([{ file: 'packages/snippets-check/test/fixtures/broken.md', line: 22, reason: 'shows output, not code' }])
    expect(result.failures.map((f) => `${f.file}:${f.line}: ${f.message.slice(0, 7)}`)).toEqual([
      // `normalizeCode` returns a string, not a number.
      'packages/snippets-check/test/fixtures/broken.md:12: TS2322 ',
      // The line of the block, not of the file written with the context in front of it.
      'packages/snippets-check/test/fixtures/broken.md:17: TS2345 ',
    ])
  })
})
