import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findPublishedPackages } from '@hakiki/api-reference'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * The names of the values an entry exports (what esbuild's metafile lists for it; types are not
 * values and are left to the API reference), read from the TypeScript source, `export *` followed.
 */
async function exportedValues(file: string): Promise<string[]> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    conditions: ['source'],
    outfile: 'entry.js',
    logLevel: 'silent',
  })
  return Object.values(result.metafile.outputs)[0]?.exports ?? []
}

describe('the README of every published package', () => {
  const packages = findPublishedPackages(root)

  it.for(packages.map((pkg) => [pkg.name, pkg] as const))('%s names every value its entries export', async ([, pkg]) => {
    const readme = readFileSync(path.join(pkg.dir, 'README.md'), 'utf8')
    const unnamed: string[] = []
    for (const entry of pkg.entries) {
      for (const name of await exportedValues(entry.file)) if (!new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(readme)) unnamed.push(`${entry.specifier}: ${name}`)
    }
    expect(unnamed).toEqual([])
  })

  it('covers them all', () => {
    // The 15 published packages, each with an entry at least: a package found with none would pass
    // by reading nothing.
    expect(packages.length).toBeGreaterThanOrEqual(15)
    expect(packages.every((pkg) => pkg.entries.length > 0)).toBe(true)
  })
})
