import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Each built file keeps its own module's 'use client' (tsdown.config.ts: one file per module), so
// the directive must sit on exactly the modules that need it: with too few, a Server Component
// rendering a component fails; with too many, it cannot call the helpers (`loadMessages`,
// `validateEmail`, the catalogs). @hakiki/dist-check checks that the built files keep them.

const SRC = fileURLToPath(new URL('.', import.meta.url))

const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file))
  .toSorted()

/**
 * Why a module needs the client: it calls a hook or creates a context (React's server build has
 * neither), or imports the hooks of @hakiki/react.
 */
function needsClient(code: string): boolean {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  return /\buse[A-Z]\w*\(|\bcreateContext\(|from '@hakiki\/react'/.test(withoutComments)
}

describe("'use client' in @hakiki/ui's sources", () => {
  it('opens exactly the modules that call hooks or create contexts', () => {
    const actual = Object.fromEntries(sources.map((file) => [file, readFileSync(join(SRC, file), 'utf8').startsWith("'use client'")]))
    const expected = Object.fromEntries(sources.map((file) => [file, needsClient(readFileSync(join(SRC, file), 'utf8'))]))
    expect(actual).toEqual(expected)
  })

  it('leaves the entry and the helpers a Server Component calls as plain modules', () => {
    const plain = ['index.ts', 'validate-email.ts', 'i18n/load-messages.ts', 'i18n/format-message.ts', 'i18n/messages-en.ts', 'i18n/messages-fr.ts', 'country-names.ts']
    const client = plain.filter((file) => readFileSync(join(SRC, file), 'utf8').startsWith("'use client'"))
    expect(client).toEqual([])
  })
})
