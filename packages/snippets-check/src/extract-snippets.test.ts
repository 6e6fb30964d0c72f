import { describe, expect, it } from 'vitest'
import { extractSnippets } from './extract-snippets'

describe('extractSnippets', () => {
  it('finds ts, tsx and js blocks with the line of their first line of code', () => {
    const text = ['# Title', '', '```ts', 'const a = 1', '```', '', '```sh', 'pnpm dev', '```', '', '```tsx', '<A />', '```', '```js', 'a()', '```'].join('\n')
    const { snippets, problems } = extractSnippets('doc.md', text)
    expect(problems).toEqual([])
    expect(snippets.map((s) => [s.lang, s.line, s.code])).toEqual([
      ['ts', 4, 'const a = 1'],
      ['tsx', 12, '<A />'],
      ['js', 15, 'a()'],
    ])
  })

  it('removes the indentation of a block inside a list item', () => {
    const text = ['- item', '', '  ```ts', '  if (x) {', '    y()', '  }', '  ```'].join('\n')
    expect(extractSnippets('doc.md', text).snippets[0]?.code).toBe('if (x) {\n  y()\n}')
  })

  it('reads Markdown and MDX directives right above a block', () => {
    const text = [
      '<!-- snippet: context app.ts proxy-handler.ts -->',
      '<!-- snippet: runtime bun -->',
      '```ts',
      'a',
      '```',
      '{/* snippet: skip prints a shell session */}',
      '',
      '```ts',
      'b',
      '```',
      '```ts',
      'c',
      '```',
    ].join('\n')
    const [first, second, third] = extractSnippets('doc.mdx', text).snippets
    expect(first).toMatchObject({ context: ['app.ts', 'proxy-handler.ts'], runtime: 'bun' })
    expect(first?.skip).toBeUndefined()
    expect(second).toMatchObject({ skip: 'prints a shell session', context: [], runtime: 'node' })
    expect(third).toMatchObject({ context: [], runtime: 'node' })
    expect(third?.skip).toBeUndefined()
  })

  it('reports a skip without a reason, an unknown directive, and a directive with no block under it', () => {
    const text = ['<!-- snippet: skip -->', '```ts', 'a', '```', '<!-- snippet: frobnicate -->', '```ts', 'b', '```', '<!-- snippet: context x.ts -->', 'Some prose.'].join('\n')
    const { problems } = extractSnippets('doc.md', text)
    expect(problems).toEqual([
      { file: 'doc.md', line: 1, message: 'snippet: skip needs a reason' },
      { file: 'doc.md', line: 5, message: expect.stringContaining('unknown snippet directive "frobnicate"') },
      { file: 'doc.md', line: 9, message: 'snippet directive not followed by a code block' },
    ])
  })

  it('does not end a block at a longer fence of another kind', () => {
    const text = ['````md', '```ts', 'inner', '```', '````', '```ts', 'outer', '```'].join('\n')
    expect(extractSnippets('doc.md', text).snippets.map((s) => s.code)).toEqual(['outer'])
  })
})

describe('snippet: file', () => {
  it('names the file of the example app a block is', () => {
    const text = ['{/* snippet: file app/api/verify/[...path]/route.ts */}', '```ts', 'a', '```', '<!-- snippet: file ../escape.ts -->', '```ts', 'b', '```'].join('\n')
    const { snippets, problems } = extractSnippets('doc.mdx', text)
    expect(snippets[0]?.path).toBe('app/api/verify/[...path]/route.ts')
    expect(problems).toEqual([{ file: 'doc.mdx', line: 5, message: expect.stringContaining('unknown snippet directive') }])
  })
})
