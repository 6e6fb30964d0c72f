// Every published entry that is not meant for Node loads without any Node built-in: each
// `exports` subpath under each condition, as built in dist/, imported in a Node process whose
// module hooks throw on `node:*` (and bare built-in) specifiers and resolve packages without the
// `node` condition. Entries for Node (the `node` condition, `/node`, `/express`, `/smtp`, `/smpp`) are exempt.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LIBRARY_PACKAGES, isNodeOnly, moduleTargets } from './library-packages'

const HOOKS = pathToFileURL(fileURLToPath(new URL('fixtures/block-node-builtins.mjs', import.meta.url))).href

/** Imports each file in one Node process with built-ins blocked; the error message per file, or `ok`. */
function importWithoutBuiltins(files: readonly string[]): Record<string, string> {
  const script = `
    import { register } from 'node:module'
    register(${JSON.stringify(HOOKS)})
    const results = {}
    for (const file of ${JSON.stringify(files.map((file) => pathToFileURL(file).href))}) {
      try {
        await import(file)
        results[file] = 'ok'
      } catch (error) {
        results[file] = String(error?.message ?? error)
      }
    }
    process.stdout.write(JSON.stringify(results))
  `
  const results = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' })) as Record<string, string>
  return Object.fromEntries(files.map((file) => [file, results[pathToFileURL(file).href] ?? 'not imported']))
}

const entries = LIBRARY_PACKAGES.flatMap((pkg) =>
  moduleTargets(pkg).map((target) => ({ pkg, target, file: join(pkg.dir, target.target), label: `${pkg.name} ${target.subpath} (${target.condition})` })),
)
const neutral = entries.filter((entry) => !isNodeOnly(entry.target))

describe('runtime-neutral entries', () => {
  it('cover every package, and the Node-only ones are the node condition, /node, /express, /smtp and /smpp', () => {
    expect(new Set(neutral.map((entry) => entry.pkg.name))).toEqual(new Set(LIBRARY_PACKAGES.map((pkg) => pkg.name)))
    expect(entries.filter((entry) => isNodeOnly(entry.target)).map((entry) => entry.label)).toEqual([
      '@hakiki/sandbox ./node (import)',
      '@hakiki/verify-client . (node)',
      '@hakiki/verify-client ./node (import)',
      '@hakiki/proxy ./node (import)',
      '@hakiki/proxy ./express (import)',
      '@hakiki/engine ./smtp (import)',
      '@hakiki/engine ./smpp (import)',
      '@hakiki/server ./node (import)',
    ])
  })

  it('load no Node built-in, each entry under each condition', () => {
    const results = importWithoutBuiltins(neutral.map((entry) => entry.file))
    expect(Object.fromEntries(neutral.map((entry) => [entry.label, results[entry.file]]))).toEqual(Object.fromEntries(neutral.map((entry) => [entry.label, 'ok'])))
  })

  it('the check can fail: the Node-only entries do load built-ins', () => {
    // The engine's transports load CommonJS packages (nodemailer, smpp), whose `require('net')` the
    // ESM hooks do not see: they are Node-only by their subpath, not by this check.
    const nodeOnly = entries.filter((entry) => isNodeOnly(entry.target) && entry.pkg.name !== '@hakiki/proxy' && entry.pkg.name !== '@hakiki/engine')
    const results = importWithoutBuiltins(nodeOnly.map((entry) => entry.file))
    expect(nodeOnly.length).toBeGreaterThan(0)
    for (const entry of nodeOnly) expect({ entry: entry.label, result: results[entry.file] }).toEqual({ entry: entry.label, result: expect.stringMatching(/^Node built-in node:\w+ imported by file:/) })
  })
})
