import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkSnippets, formatFailures } from './check-snippets'

const here = path.dirname(fileURLToPath(import.meta.url))
const packageDir = path.resolve(here, '..')
const result = checkSnippets({
  root: path.resolve(packageDir, '../..'),
  workDir: path.join(packageDir, '.snippets', 'docs'),
  contextDir: path.join(packageDir, 'context'),
})
for (const skip of result.skipped) console.info(`skipped ${skip.file}:${skip.line}: ${skip.reason}`)
if (result.failures.length > 0) console.error(formatFailures(result.failures))
console.info(`${result.checked} snippets checked, ${result.skipped.length} skipped, ${result.failures.length} failures`)
process.exitCode = result.failures.length > 0 ? 1 : 0
