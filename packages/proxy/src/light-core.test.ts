import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

describe('what the proxy loads of @hakiki/core', () => {
  it('imports values only from the light entry @hakiki/core/rules, never the barrel (phone metadata, flow machine: ~2.8 MB of heap at start-up)', () => {
    const dir = new URL('./', import.meta.url)
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    expect(files.length).toBeGreaterThan(20)
    const barrelValueImports = files.filter((file) => /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'@hakiki\/core'/m.test(readFileSync(new URL(file, dir), 'utf8')))
    expect(barrelValueImports).toEqual([])
  })
})
