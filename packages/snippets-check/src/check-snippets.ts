import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { CHECKED_LANGUAGES, RUNTIMES, type Runtime, type Snippet, extractSnippets } from './extract-snippets'
import { findDocuments } from './find-documents'

/** A block that does not type-check (or a directive that does not parse), at its place in the document. */
export interface SnippetFailure {
  /** Document path relative to the repository root. */
  file: string
  /** 1-based line in the document. */
  line: number
  message: string
}

export interface CheckResult {
  /** Blocks compiled. */
  checked: number
  /** Blocks left out by `snippet: skip`, with their reasons. */
  skipped: Array<{ file: string; line: number; reason: string }>
  failures: SnippetFailure[]
}

export interface CheckOptions {
  /** Repository root. */
  root: string
  /** Documents to read, relative to `root`; default `findDocuments(root)`. */
  documents?: string[]
  /** Folder the blocks are written to (emptied first); it must sit where the workspace packages resolve. */
  workDir: string
  /** Folder of the files named by `snippet: context` (and of `app/`, what `@/…` imports resolve to). */
  contextDir: string
}

interface WrittenSnippet {
  snippet: Snippet
  /** Lines prepended from context files. */
  prefixLines: number
}

const require = createRequire(import.meta.url)

/** Path of TypeScript 7's `tsc` (the package exposes no API, only the binary). */
export function tscPath(): string {
  return path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc')
}

/**
 * Writes every checked block as a module of its own (context declarations first), type-checks them
 * all in one strict `tsc` run against the workspace packages' sources, and maps each diagnostic
 * back to the document's file and line.
 */
export function checkSnippets(options: CheckOptions): CheckResult {
  const { root, workDir, contextDir } = options
  const documents = options.documents ?? findDocuments(root)
  const result: CheckResult = { checked: 0, skipped: [], failures: [] }
  rmSync(workDir, { recursive: true, force: true })
  for (const runtime of RUNTIMES) mkdirSync(path.join(workDir, runtime), { recursive: true })
  const written = new Map<string, WrittenSnippet>()
  for (const document of documents) {
    const { snippets, problems } = extractSnippets(document, readFileSync(path.join(root, document), 'utf8'))
    result.failures.push(...problems)
    for (const snippet of snippets) {
      if (snippet.skip) {
        result.skipped.push({ file: snippet.file, line: snippet.line, reason: snippet.skip })
        continue
      }
      const prefix: string[] = []
      let missingContext = false
      for (const name of snippet.context) {
        const contextFile = path.join(contextDir, name)
        if (!existsSync(contextFile)) {
          result.failures.push({ file: snippet.file, line: snippet.line - 1, message: `snippet context "${name}" not found in ${path.relative(root, contextDir)}` })
          missingContext = true
          continue
        }
        prefix.push(...readFileSync(contextFile, 'utf8').replace(/\n$/, '').split('\n'))
      }
      if (missingContext) continue
      const ext = CHECKED_LANGUAGES[snippet.lang] ?? 'ts'
      const slug = document.replace(/[^a-zA-Z0-9]+/g, '-')
      // A block that is a file of the document's example app sits at its path, beside its siblings.
      const name = snippet.path ? `${slug}/${snippet.path}` : `${String(written.size).padStart(3, '0')}-${slug}-L${snippet.line}.${ext}`
      if (written.has(name)) result.failures.push({ file: snippet.file, line: snippet.line - 1, message: `snippet file ${snippet.path} is written twice in this document` })
      mkdirSync(path.dirname(path.join(workDir, snippet.runtime, name)), { recursive: true })
      // `export {}` makes every block a module of its own, so top-level names never collide.
      writeFileSync(path.join(workDir, snippet.runtime, name), `${[...prefix, snippet.code].join('\n')}\nexport {}\n`)
      written.set(name, { snippet, prefixLines: prefix.length })
      result.checked++
    }
  }
  for (const runtime of RUNTIMES) {
    const names = [...written].filter(([, entry]) => entry.snippet.runtime === runtime).map(([name]) => name)
    if (names.length > 0) result.failures.push(...compile(root, path.join(workDir, runtime), contextDir, runtime, written))
  }
  return result
}

/** Global types of each runtime's program (Bun's and Deno's redefine `fetch` and streams, so each has its own). */
const RUNTIME_TYPES: Record<Runtime, string[]> = { node: ['node'], bun: ['bun'], deno: ['deno'] }

function compile(root: string, dir: string, contextDir: string, runtime: Runtime, written: Map<string, WrittenSnippet>): SnippetFailure[] {
  const failures: SnippetFailure[] = []
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: path.relative(dir, path.join(root, 'tsconfig.base.json')),
        compilerOptions: {
          types: RUNTIME_TYPES[runtime],
          allowJs: true,
          checkJs: true,
          // Guides write app code that imports its own modules as `@/…` (Next.js' convention).
          paths: { '@/*': [`${path.relative(dir, path.join(contextDir, 'app'))}/*`] },
          // A document's `snippet: file` blocks sit in one folder that TypeScript sees as merged
          // with the document's own folder (so `../server/verify` reaches the app the README
          // describes) and with context/app (what a fragment's app already has).
          rootDirs: [
            ...[...new Set([...written.values()].filter((e) => e.snippet.runtime === runtime && e.snippet.path).map((e) => e.snippet.file))].flatMap((file) => [
              file.replace(/[^a-zA-Z0-9]+/g, '-'),
              path.relative(dir, path.join(root, path.dirname(file))),
            ]),
            path.relative(dir, path.join(contextDir, 'app')),
          ],
        },
        include: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', path.relative(dir, path.join(contextDir, 'ambient.d.ts'))],
      },
      null,
      2,
    ),
  )
  const run = spawnSync(process.execPath, [tscPath(), '-p', 'tsconfig.json', '--pretty', 'false', '--singleThreaded'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const output = `${run.stdout}${run.stderr}`
  const diagnostic = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/
  let last: SnippetFailure | undefined
  let diagnostics = 0
  for (const line of output.split('\n')) {
    const match = diagnostic.exec(line)
    if (!match) {
      // Continuation lines of a multi-line message belong to the diagnostic above.
      if (last && line.startsWith(' ') && line.trim()) last.message += `\n  ${line.trim()}`
      continue
    }
    diagnostics++
    last = undefined
    const [, reported = '', lineText = '0', column = '0', code = '', message = ''] = match
    const absolute = path.resolve(dir, reported)
    const entry = absolute.startsWith(dir + path.sep) ? written.get(path.relative(dir, absolute).split(path.sep).join('/')) : undefined
    if (!entry) {
      // The packages' own sources are type-checked by their own `typecheck` (under Node's types);
      // an error in a context file, though, is this checker's to report.
      if (absolute.startsWith(contextDir + path.sep)) {
        last = { file: path.relative(root, absolute), line: Number(lineText), message: `${code}: ${message}` }
        failures.push(last)
      }
      continue
    }
    const generated = Number(lineText)
    const { snippet, prefixLines } = entry
    last =
      generated <= prefixLines
        ? { file: snippet.file, line: snippet.line - 1, message: `${code} in snippet context ${snippet.context.join(', ')} (line ${generated}): ${message}` }
        : { file: snippet.file, line: snippet.line + generated - prefixLines - 1, message: `${code} (column ${column}): ${message}` }
    failures.push(last)
  }
  if (run.status !== 0 && diagnostics === 0) {
    failures.push({ file: path.relative(root, dir), line: 0, message: `tsc (${runtime}) failed without a diagnostic:\n${output}` })
  }
  return failures
}

/** One line per failure, `file:line: message`, as editors and CI logs link them. */
export function formatFailures(failures: SnippetFailure[]): string {
  return failures.map((f) => `${f.file}:${f.line}: ${f.message}`).join('\n')
}
