import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
const BUDGET = 4 * 1024

/** Bundles `contents` as a consumer app would (minified ESM, peers external) and returns its text and gzip size. */
async function consumerBundle(contents: string): Promise<{ code: string; gzip: number }> {
  const result = await build({
    stdin: { contents, resolveDir: PACKAGE_DIR, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    conditions: ['source'],
    external: ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'],
    logLevel: 'silent',
  })
  const bytes = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { code: new TextDecoder().decode(bytes), gzip: gzipSync(bytes, { level: 9 }).length }
}

describe('consumer bundle size', () => {
  it(`keeps useStartVerification + useCheckCode under ${BUDGET} bytes gzip`, async () => {
    const { code, gzip } = await consumerBundle("export { useStartVerification, useCheckCode } from './src/index'")
    expect(code).toContain('mutationFn')
    expect(gzip).toBeLessThanOrEqual(BUDGET)
  })

  it('keeps the hooks with their provider and the proxy adapter under budget, without phone metadata', async () => {
    const { code, gzip } = await consumerBundle(
      "export { useStartVerification, useCheckCode, VerificationProvider } from './src/index'\nexport { createProxyAdapter } from '@hakiki/core'",
    )
    expect(code).toContain('/verifications')
    expect(code).not.toContain('country_calling_codes')
    expect(gzip).toBeLessThanOrEqual(BUDGET)
  })
})
