// The built declarations type-check for consumers, with library checks on and without the
// `source` condition: `consumer/consumer.ts` (a browser app and its server, DOM lib, bundler
// resolution) and `node-consumer/server.ts` (a Node server: `lib: ["ES2022"]`, Node's types only,
// NodeNext resolution), so no server-side declaration may need a DOM-only name.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')

/** Compiles a project; its diagnostics and every @hakiki file the compiler read. */
function compile(project: string) {
  const result = spawnSync(process.execPath, [TSC, '-p', fileURLToPath(new URL(project, import.meta.url)), '--noEmit', '--listFiles', '--singleThreaded'], { encoding: 'utf8' })
  const lines = result.stdout.split('\n')
  return {
    outcome: { diagnostics: lines.filter((line) => line.includes('error TS')), status: result.status, stderr: result.stderr },
    hakiki: lines.filter((file) => file.includes('/packages/') && !file.includes('/dist-check/') && !file.includes('/node_modules/')),
  }
}

/** Every @hakiki file read is a built declaration, and each of `entries` was read. */
function expectBuiltDeclarations(hakiki: readonly string[], entries: readonly string[]) {
  // (The ui ships one declaration per module, some under dist/i18n/.)
  expect(hakiki.filter((file) => !/\/packages\/[\w-]+\/dist\/(?:[\w-]+\/)*[\w.-]+\.d\.ts$/.test(file))).toEqual([])
  expect(entries.filter((entry) => !hakiki.some((file) => file.endsWith(`/packages/${entry}`)))).toEqual([])
}

const SERVER_ENTRIES = ['sandbox/dist/index.d.ts', 'sandbox/dist/node.d.ts', 'verify-client/dist/index.d.ts', 'verify-client/dist/node.d.ts', 'store/dist/index.d.ts', 'store-redis/dist/index.d.ts', 'proxy/dist/index.d.ts', 'proxy/dist/node.d.ts', 'proxy/dist/express.d.ts', 'server/dist/index.d.ts', 'server/dist/node.d.ts']

describe('the built declarations', () => {
  it('type-check an app that uses every entry, resolving each to dist/', () => {
    const { outcome, hakiki } = compile('consumer/tsconfig.json')
    expect(outcome).toEqual({ diagnostics: [], status: 0, stderr: '' })
    expectBuiltDeclarations(hakiki, ['core/dist/index.d.ts', 'react/dist/index.d.ts', 'ui/dist/index.d.ts', 'engine/dist/memory-adapter.d.ts', ...SERVER_ENTRIES, 'twilio/dist/index.d.ts', 'store-cloudflare/dist/index.d.ts', 'store-deno-kv/dist/index.d.ts'])
  })

  it('type-check a Node server without the DOM lib (core, sandbox, verify-client, proxy, server)', () => {
    const { outcome, hakiki } = compile('node-consumer/tsconfig.json')
    expect(outcome).toEqual({ diagnostics: [], status: 0, stderr: '' })
    expectBuiltDeclarations(hakiki, ['core/dist/index.d.ts', 'engine/dist/memory-adapter.d.ts', ...SERVER_ENTRIES])
  })
})
