/**
 * The Next.js steps of the Getting started guide, read from the guide itself, so the scaffold test
 * runs what the guide says and fails when the two drift apart.
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

/** Reads the Next.js section of `guide` (the MDX of docs/guides/getting-started.mdx). */
export function readNextGuideSteps(guide: string): NextGuideSteps {
  const start = guide.indexOf('## Your own Next.js app')
  if (start < 0) throw new Error('the guide has no "## Your own Next.js app" section')
  const end = guide.indexOf('\n## ', start + 3)
  const section = guide.slice(start, end < 0 ? undefined : end)
  const blocks = [...section.matchAll(/(?:\{\/\* snippet: file (\S+) \*\/\}\n)?```(\w+)\n([\s\S]*?)```\n/g)].map((m) => ({ file: m[1], lang: m[2]!, code: m[3]! }))

  const commands = blocks
    .filter((b) => b.lang === 'sh')
    .flatMap((b) => b.code.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
  const create = commands.find((c) => c.startsWith('npx create-next-app'))
  if (create === undefined) throw new Error('the guide runs no `npx create-next-app`')
  const installs = (prefix: string) =>
    commands.filter((c) => c.startsWith(prefix) && !c.slice(prefix.length).trimStart().startsWith('-')).flatMap((c) => c.slice(prefix.length).trim().split(/\s+/))
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
    dependencies: installs('npm install '),
    devDependencies: installs('npm install -D '),
    env,
    files: Object.fromEntries(blocks.filter((b) => b.file !== undefined).map((b) => [b.file!, b.code])),
  }
}

/** The guide on disk. */
export function readGuide(): string {
  return readFileSync(new URL('../../../docs/guides/getting-started.mdx', import.meta.url), 'utf8')
}
