/** Languages whose blocks are type-checked, and the file extension each is checked as. */
export const CHECKED_LANGUAGES: Readonly<Record<string, 'ts' | 'tsx' | 'js' | 'jsx'>> = {
  ts: 'ts',
  typescript: 'ts',
  tsx: 'tsx',
  js: 'js',
  javascript: 'js',
  jsx: 'jsx',
}

/** One fenced code block of a Markdown or MDX file, with the directives written just above it. */
export interface Snippet {
  /** Path of the document, as given to `extractSnippets`. */
  file: string
  /** 1-based line of the block's first line of code in the document. */
  line: number
  /** The fence's language, lower-cased (`ts`, `tsx`, ...). */
  lang: string
  /** The code, with the fence's indentation removed. */
  code: string
  /** `snippet: skip <reason>`: the block is not checked, for this reason. */
  skip?: string
  /** `snippet: context a.ts b.ts`: files of declarations prepended to the block. */
  context: string[]
  /** `snippet: runtime bun|deno`: whose global types the block sees (default Node's). */
  runtime: Runtime
  /**
   * `snippet: file app/page.tsx`: the block is that file of the document's example app, so the
   * document's other blocks can import it by a relative path.
   */
  path?: string
}

/** The runtimes a block can be checked for: each is its own `tsc` program, since their globals clash. */
export const RUNTIMES = ['node', 'bun', 'deno'] as const
export type Runtime = (typeof RUNTIMES)[number]

/** A directive that does not parse, reported as a failure like a block that does not compile. */
export interface DirectiveProblem {
  file: string
  line: number
  message: string
}

// `<!-- snippet: ... -->` in Markdown; `{/* snippet: ... */}` in MDX, which has no HTML comments.
const DIRECTIVE = /^\s*(?:<!--\s*snippet:(.*?)-->|\{\/\*\s*snippet:(.*?)\*\/\})\s*$/
const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)(.*)$/

/**
 * Every fenced code block of a Markdown/MDX document, with its directives. A directive is a
 * comment on the line(s) right above the fence (blank lines between are allowed):
 * `skip <reason>` (the reason is required), `context <file>...`, `runtime bun|deno` or `file <path>`.
 */
export function extractSnippets(file: string, text: string): { snippets: Snippet[]; problems: DirectiveProblem[] } {
  const lines = text.split(/\r?\n/)
  const snippets: Snippet[] = []
  const problems: DirectiveProblem[] = []
  let pending: { skip?: string; context: string[]; runtime?: Runtime; path?: string; line: number } | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    const directive = DIRECTIVE.exec(line)
    if (directive) {
      pending ??= { context: [], line: i + 1 }
      const body = (directive[1] ?? directive[2] ?? '').trim()
      const [verb = '', ...rest] = body.split(/\s+/)
      if (verb === 'skip') {
        const reason = rest.join(' ').trim()
        if (reason) pending.skip = reason
        else problems.push({ file, line: i + 1, message: 'snippet: skip needs a reason' })
      } else if (verb === 'runtime' && rest.length === 1 && (RUNTIMES as readonly string[]).includes(rest[0] ?? '')) {
        pending.runtime = rest[0] as Runtime
      } else if (verb === 'file' && rest.length === 1 && /^[\w.-]+(\/[\w.[\]-]+)*\.(ts|tsx|js|jsx)$/.test(rest[0] ?? '') && !(rest[0] ?? '').split('/').includes('..')) {
        pending.path = rest[0]
      } else if (verb === 'context' && rest.length > 0) {
        pending.context.push(...rest)
      } else {
        problems.push({ file, line: i + 1, message: `unknown snippet directive "${body}" (skip <reason> | context <file>... | runtime node|bun|deno | file <path>)` })
      }
      continue
    }
    const open = FENCE_OPEN.exec(line)
    if (!open) {
      if (line.trim() !== '' && pending) {
        problems.push({ file, line: pending.line, message: 'snippet directive not followed by a code block' })
        pending = undefined
      }
      continue
    }
    const indent = open[1] ?? ''
    const fence = open[2] ?? '```'
    const lang = (open[3] ?? '').toLowerCase()
    const body: string[] = []
    let j = i + 1
    for (; j < lines.length; j++) {
      const candidate = lines[j] ?? ''
      const trimmed = candidate.trim()
      if (trimmed.startsWith(fence) && /^[`~]+$/.test(trimmed) && trimmed[0] === fence[0]) break
      body.push(candidate.startsWith(indent) ? candidate.slice(indent.length) : candidate.trimStart())
    }
    if (lang in CHECKED_LANGUAGES) {
      snippets.push({ file, line: i + 2, lang, code: body.join('\n'), context: pending?.context ?? [], runtime: pending?.runtime ?? 'node', ...(pending?.skip ? { skip: pending.skip } : {}), ...(pending?.path ? { path: pending.path } : {}) })
    } else if (pending) {
      problems.push({ file, line: pending.line, message: `snippet directive above a \`${lang || 'plain'}\` block, which is not checked anyway` })
    }
    pending = undefined
    i = j
  }
  if (pending) problems.push({ file, line: pending.line, message: 'snippet directive not followed by a code block' })
  return { snippets, problems }
}
