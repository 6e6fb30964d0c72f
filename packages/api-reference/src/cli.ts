/** `pnpm --filter @hakiki/api-reference generate [--if-stale]`: writes docs/api/*.mdx from the doc comments. */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateApiReference } from './generate-api-reference'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const started = performance.now()
// --if-stale: only when a package's sources changed since the pages were written (the site's build).
const { written, skipped } = await generateApiReference(root, { onlyIfStale: process.argv.includes('--if-stale') })
if (!skipped) console.info(`API reference: ${written.length} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`)
