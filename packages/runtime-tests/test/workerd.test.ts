// The built proxy as a Cloudflare Worker: bundled with esbuild the way wrangler resolves packages
// (`workerd`/`worker`/`browser` conditions, no `node`), run by real workerd through miniflare with
// no compatibility flag (no `nodejs_compat`), completing a verification against the sandbox.
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECRET, verifyThrough } from './verify-through'

const COMPATIBILITY_DATE = '2026-04-01'

/** Bundles a Worker entry as wrangler would; the code and every file the bundle read. */
async function bundleWorker(entry: string, external: string[] = []) {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    external,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return { code: result.outputFiles[0]?.text ?? '', inputs: Object.keys(result.metafile.inputs) }
}

/** workerd's own output (its start-up errors), per Miniflare. */
const runtimeOutput = new WeakMap<Miniflare, () => string>()

function startWorker(code: string, bindings: Record<string, string>): Miniflare {
  let output = ''
  const collect = (stream: Readable) => stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  // The bundle handed over as is: workerd itself resolves its imports (miniflare does not).
  const modules = [{ type: 'ESModule' as const, path: '/worker/index.mjs', contents: code }]
  const worker = new Miniflare({
    modules,
    modulesRoot: '/worker',
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: [],
    bindings,
    host: '127.0.0.1',
    port: 0,
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      collect(stdout)
      collect(stderr)
    },
  })
  runtimeOutput.set(worker, () => output)
  return worker
}

let sandbox: SandboxServer
let worker: Miniflare | undefined
beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 })
})
afterAll(async () => {
  await worker?.dispose()
  await sandbox.close()
})

describe('the proxy in workerd', () => {
  it('bundles from dist/ without the Node entry of the verify-client', async () => {
    const { inputs } = await bundleWorker('fixtures/worker.ts')
    // Paths relative to this package: `../proxy/dist/index.js`.
    const hakiki = inputs.filter((input) => input.startsWith('../') && !input.includes('node_modules'))
    expect(hakiki.filter((input) => !/^\.\.\/(core|proxy|provider|verify-client|store|store-redis)\/dist\/(?:[\w-]+\/)*[\w.-]+\.js$/.test(input))).toEqual([])
    expect(hakiki).toContainEqual(expect.stringMatching(/verify-client\/dist\/index\.js$/))
    expect(hakiki.filter((input) => input.endsWith('verify-client/dist/node.js'))).toEqual([])
  })

  it('starts, sends a code and approves it over HTTP, without nodejs_compat', async () => {
    const { code } = await bundleWorker('fixtures/worker.ts')
    worker = startWorker(code, { VERIFY_BASE_URL: sandbox.url, HAKIKI_SECRET: SECRET })
    const url = await worker.ready
    expect(url.hostname).toBe('127.0.0.1')
    await verifyThrough(url.origin, sandbox, '+233241234567')
    expect(runtimeOutput.get(worker)?.()).not.toMatch(/error/i)
  })

  it('would refuse the Node entry: without nodejs_compat, node:http is no module (the check can fail)', async () => {
    const { code } = await bundleWorker('fixtures/node-entry-worker.ts', ['node:*'])
    expect(code).toContain('node:http')
    const refused = startWorker(code, {})
    try {
      const error: unknown = await refused.ready.then(() => undefined, (caught: unknown) => caught)
      expect(String(error)).toMatch(/failed to start/)
      expect(runtimeOutput.get(refused)?.()).toMatch(/No such module "node:http"/)
    } finally {
      await refused.dispose().catch(() => undefined)
    }
  })
})
