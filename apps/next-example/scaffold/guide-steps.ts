/**
 * The Next.js and Vite steps of the Getting started guide, read from the guide itself, so the
 * scaffold test runs what the guide says and fails when the two drift apart.
 */
import { readFileSync } from 'node:fs'

/** What a reader of the guide's "Your own Next.js app" section types and writes. */
export interface NextGuideSteps {
  /** The `create-next-app` command's arguments after `npx` (`create-next-app@latest my-app --yes`). */
  readonly create: readonly string[]
  /** Packages the guide installs as dependencies, then as devDependencies. */
  readonly dependencies: readonly string[]
  readonly devDependencies: readonly string[]
  /** `.env.local`, as the guide writes it: name → value. */
  readonly env: Readonly<Record<string, string>>
  /** Files of the app the guide gives whole (`{/* snippet: file … *\/}` blocks): path → text. */
  readonly files: Readonly<Record<string, string>>
}

/** A `## ` section of `guide`: its text, its code blocks and the shell commands in them (comments out). */
function readSection(guide: string, heading: string) {
  const start = guide.indexOf(`## ${heading}\n`)
  if (start < 0) throw new Error(`the guide has no "## ${heading}" section`)
  const end = guide.indexOf('\n## ', start + 3)
  const text = guide.slice(start, end < 0 ? undefined : end)
  const blocks = [...text.matchAll(/(?:\{\/\* snippet: file (\S+) \*\/\}\n)?```(\w+)\n([\s\S]*?)```\n/g)].map((m) => ({ file: m[1], lang: m[2]!, code: m[3]! }))
  const commands = blocks
    .filter((b) => b.lang === 'sh')
    .flatMap((b) => b.code.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
  const installs = (prefix: string) =>
    commands.filter((c) => c.startsWith(prefix) && !c.slice(prefix.length).trimStart().startsWith('-')).flatMap((c) => c.slice(prefix.length).trim().split(/\s+/))
  return { text, blocks, commands, dependencies: installs('npm install '), devDependencies: installs('npm install -D ') }
}

/** Reads the Next.js section of `guide` (the MDX of docs/guides/getting-started.mdx). */
export function readNextGuideSteps(guide: string): NextGuideSteps {
  const { blocks, commands, dependencies, devDependencies } = readSection(guide, 'Your own Next.js app')
  const create = commands.find((c) => c.startsWith('npx create-next-app'))
  if (create === undefined) throw new Error('the guide runs no `npx create-next-app`')
  const envBlock = blocks.find((b) => b.lang === 'sh' && /^[A-Z_]+=/m.test(b.code))
  if (envBlock === undefined) throw new Error('the guide has no .env.local block')
  const env = Object.fromEntries(
    envBlock.code
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )
  return {
    create: create.split(/\s+/).slice(1),
    dependencies,
    devDependencies,
    env,
    files: Object.fromEntries(blocks.filter((b) => b.file !== undefined).map((b) => [b.file!, b.code])),
  }
}

/** What a reader of the guide's "Your own Vite app" section runs, installs and is told. */
export interface ViteGuideSteps {
  /** The `npm create vite` command. */
  readonly create: string
  readonly dependencies: readonly string[]
  readonly devDependencies: readonly string[]
  /** The section's prose and code, as written. */
  readonly text: string
}

/** Reads the Vite section of `guide`. */
export function readViteGuideSteps(guide: string): ViteGuideSteps {
  const { text, commands, dependencies, devDependencies } = readSection(guide, 'Your own Vite app')
  const create = commands.find((c) => c.startsWith('npm create vite'))
  if (create === undefined) throw new Error('the guide runs no `npm create vite`')
  return { create, dependencies, devDependencies, text }
}

/** The guide on disk. */
export function readGuide(): string {
  return readFileSync(new URL('../../../docs/guides/getting-started.mdx', import.meta.url), 'utf8')
}
