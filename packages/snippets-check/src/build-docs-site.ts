import { spawn } from 'node:child_process'
import path from 'node:path'

/** What a static build of the documentation site printed, and whether it passed. */
export interface SiteBuild {
  ok: boolean
  /** Warning and error lines of the build's output, without colours. */
  problems: string[]
  output: string
  milliseconds: number
}

// Storybook's logger marks warnings with ▲ and errors with ■/✖; Vite and Rolldown name theirs
// [WARN]/[ERROR] or `Warning:`/`Error:` (asset lists, whose file names may say "error", are not matched).
const PROBLEM = /^\s*[│|]?\s*(▲|■|✖|×)|\[(WARN|ERROR)|\b(Error|ERR!|Warning|warning):/

/** Runs `storybook build` (what `pnpm docs:build` runs) into `outputDir`, collecting every warning. */
export async function buildDocsSite(root: string, outputDir: string): Promise<SiteBuild> {
  const started = performance.now()
  const child = spawn(path.join(root, 'node_modules', '.bin', 'storybook'), ['build', '-o', outputDir], {
    cwd: root,
    // NODE_ENV=production as for `pnpm docs:build`: under Vitest it is `test`, and a site built so
    // crashes on every docs page (React and Storybook's theming disagree on the build mode).
    // Without Vitest's variables: the build is what `pnpm docs:build` runs, not a test's.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))), NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0', STORYBOOK_DISABLE_TELEMETRY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m|\u001b\]8;;[^\u0007]*\u0007/g, '')
  const problems = plain.split('\n').filter((line) => PROBLEM.test(line))
  return { ok: code === 0 && problems.length === 0, problems, output: plain, milliseconds: Math.round(performance.now() - started) }
}
