// The published JavaScript uses no syntax and no built-in API above what its build declares:
// ES2022 for the browser packages (tsdown's `target`, and `lib` in their tsconfig.build.json), and
// ES2023 for the server packages (Node 20.19, Deno, Bun, workerd all have it). Checked twice: the
// built files with es-check (syntax and features such as `Array.prototype.toSorted`), and the
// published sources with the compiler and the build's `lib`, which names the offending line.
import { spawn, spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LIBRARY_PACKAGES, distFiles } from './library-packages'

const require = createRequire(import.meta.url)
// es-check's `exports` hide its files; its CLI is reached through this package's node_modules.
const ES_CHECK = fileURLToPath(new URL('../node_modules/es-check/lib/cli/index.js', import.meta.url))
const TSC = join(dirname(require.resolve('typescript/package.json')), 'bin/tsc')
const VERSION = { browser: 'es2022', server: 'es2023' } as const

describe.each(LIBRARY_PACKAGES)('$name', (pkg) => {
  it(`emits no syntax or API above ${VERSION[pkg.runtime]}`, () => {
    const files = distFiles(pkg, '.js')
    expect(files.length).toBeGreaterThan(0)
    const result = spawnSync(process.execPath, [ES_CHECK, VERSION[pkg.runtime], ...files, '--module', '--checkFeatures'], { cwd: pkg.dir, encoding: 'utf8' })
    const errors = `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => /erroring file|error: Error/.test(line)).map((line) => line.trim())
    expect({ status: result.status, errors }).toEqual({ status: 0, errors: [] })
  })
})

describe('the browser packages\' published sources', () => {
  it('type-check with the ES2022 lib of their build', async () => {
    // The three compilers run at once: each is mostly waiting on one core.
    const results = await Promise.all(
      LIBRARY_PACKAGES.filter((pkg) => pkg.runtime === 'browser').map(async (pkg) => {
        const { code, stdout } = await run(process.execPath, [TSC, '-p', join(pkg.dir, 'tsconfig.build.json'), '--noEmit', '--singleThreaded'])
        return { name: pkg.name, status: code, errors: stdout.split('\n').filter((line) => line.includes('error TS')) }
      }),
    )
    expect(results).toEqual(results.map(({ name }) => ({ name, status: 0, errors: [] })))
    expect(results).toHaveLength(3)
  })
})

/** Runs a command to its end: its exit code and output, whatever the code. */
function run(command: string, args: readonly string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout }))
  })
}
