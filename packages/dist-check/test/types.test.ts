// The built declarations type-check for a consumer: `consumer/consumer.ts` compiled by the
// workspace's TypeScript through `exports` without the `source` condition, library checks on.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')
const PROJECT = fileURLToPath(new URL('consumer/tsconfig.json', import.meta.url))
const ENTRIES = ['core', 'react', 'ui', 'sandbox', 'verify-client', 'proxy'].map((name) => `${name}/dist/index.d.ts`).concat('proxy/dist/node.d.ts', 'proxy/dist/express.d.ts')

describe('the built declarations', () => {
  it('type-check an app that uses every entry, resolving each to dist/', () => {
    const result = spawnSync(process.execPath, [TSC, '-p', PROJECT, '--noEmit', '--listFiles'], { encoding: 'utf8' })
    const lines = result.stdout.split('\n')
    const diagnostics = lines.filter((line) => line.includes('error TS'))
    expect({ diagnostics, status: result.status, stderr: result.stderr }).toEqual({ diagnostics: [], status: 0, stderr: '' })

    // Every @hakiki file the compiler read is a built declaration, never a source file.
    const hakiki = lines.filter((file) => file.includes('/packages/') && !file.includes('/dist-check/'))
    // (The ui ships one declaration per module, some under dist/i18n/.)
    expect(hakiki.filter((file) => !/\/packages\/[\w-]+\/dist\/(?:[\w-]+\/)*[\w.-]+\.d\.ts$/.test(file))).toEqual([])
    expect(ENTRIES.filter((entry) => !hakiki.some((file) => file.endsWith(`/packages/${entry}`)))).toEqual([])
  })
})
