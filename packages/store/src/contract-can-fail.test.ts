// The contract suite can fail: run against a store whose take is not atomic and whose give goes
// below zero, it fails exactly the tests that look for those bugs, and passes the rest.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const VITEST = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')

it('fails a non-atomic take and a give below zero, and only those', { timeout: 120_000 }, () => {
  const config = fileURLToPath(new URL('../test/fixtures/vitest.config.ts', import.meta.url))
  let output: string
  try {
    output = execFileSync(process.execPath, [VITEST, 'run', '--config', config, '--reporter', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    // Failing tests: vitest exits with 1, the report is still on stdout.
    output = (error as { stdout: string }).stdout
  }
  const report = JSON.parse(output.slice(output.indexOf('{'))) as { testResults: { assertionResults: { title: string; status: string }[] }[] }
  const results = report.testResults.flatMap((file) => file.assertionResults)
  expect(results.length).toBeGreaterThan(8)
  expect(results.filter((r) => r.status === 'failed').map((r) => r.title)).toEqual([
    'give: gives back, never below 0, and a counter back at 0 reads absent',
    'take is atomic: 200 concurrent takes from every instance grant exactly the limit, on every quota',
    'add, give and compare-and-set are atomic under 200 concurrent calls',
  ])
})
