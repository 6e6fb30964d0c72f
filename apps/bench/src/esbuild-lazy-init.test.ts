import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleWithoutSplitting, findLazyInitProblems, publishedEntries } from './esbuild-lazy-init'

/**
 * A package shaped as evanw/esbuild#1490 needs: side-effect free, a barrel with `export *`, and a
 * module with state that a module loaded with `import()` imports too.
 */
function fixture(sideEffects: boolean): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'hakiki-lazy-init-'))
  const pkg = join(dir, 'node_modules', 'fx')
  mkdirSync(pkg, { recursive: true })
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'fx', type: 'module', sideEffects, exports: './index.js' }))
  writeFileSync(join(pkg, 'index.js'), "export * from './state.js'\nexport * from './loader.js'\n")
  writeFileSync(join(pkg, 'state.js'), 'export const STATE = { n: 1 }\n')
  writeFileSync(join(pkg, 'lazy.js'), "import { STATE } from './state.js'\nexport const get = () => STATE.n\n")
  writeFileSync(join(pkg, 'loader.js'), "export const load = () => import('./lazy.js')\n")
  return { file: join(pkg, 'index.js'), remove: () => rmSync(dir, { recursive: true, force: true }) }
}

describe('no lazily initialised module used before its initialiser (evanw/esbuild#1490)', () => {
  it('finds the bug in a package that has it, and not once the package has side effects', async () => {
    const buggy = fixture(false)
    const fine = fixture(true)
    try {
      const code = await bundleWithoutSplitting(buggy.file)
      expect(findLazyInitProblems(code)).toEqual([{ module: expect.stringMatching(/fx\/state\.js$/), used: ['STATE'] }])
      // And the bundle really is broken: STATE is undefined at import.
      const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
      expect(((await import(/* @vite-ignore */ url)) as { STATE?: unknown }).STATE).toBeUndefined()
      expect(findLazyInitProblems(await bundleWithoutSplitting(fine.file))).toEqual([])
    } finally {
      buggy.remove()
      fine.remove()
    }
  })

  // The published files when built (`HAKIKI_PACKAGES_BUILT=1`, as the root `pnpm test` sets), else
  // the sources, which tsdown ships one module per file, linked alike.
  const dist = process.env.HAKIKI_PACKAGES_BUILT === '1'
  const entries = publishedEntries({ dist })
  it(`every public entry of the published packages, bundled without splitting (${entries.length} entries, ${dist ? 'dist' : 'sources'})`, async () => {
    expect(entries.map((e) => e.specifier)).toEqual(expect.arrayContaining(['@hakiki/core', '@hakiki/react', '@hakiki/ui', '@hakiki/proxy']))
    const problems: Record<string, unknown> = {}
    let wrapped = 0
    for (const entry of entries) {
      const code = await bundleWithoutSplitting(entry.file, dist ? [] : ['source'])
      wrapped += code.match(/= __esm\(/g)?.length ?? 0
      const found = findLazyInitProblems(code)
      if (found.length > 0) problems[entry.specifier] = found
    }
    expect(problems).toEqual({})
    // The check looked at something: the phone regions, the list and the flow's later steps are wrapped.
    expect(wrapped).toBeGreaterThan(50)
  })
})
