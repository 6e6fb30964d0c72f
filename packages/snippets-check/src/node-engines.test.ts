import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** Every package of the lockfile that declares the Node versions it supports, with that range. */
function lockedEngines(lockfile: string): { name: string; range: string }[] {
  const packages = lockfile.slice(lockfile.indexOf('\npackages:\n'), lockfile.indexOf('\nsnapshots:\n'))
  return [...packages.matchAll(/^ {2}'?([^\s']+?)'?:\n(?: {4}.*\n)*? {4}engines: \{node: ('[^']*'|[^,}]+)/gm)].map(([, name, range]) => ({ name: name!, range: range!.trim().replace(/^'|'$/g, '') }))
}

describe('the Node the README names', () => {
  it('is the workspace\'s engines.node, and `pnpm install` on it warns of no "Unsupported engine"', () => {
    const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
    const oldest = semver.minVersion(engines.node)!.version
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`Node ${oldest.replace(/\.0$/, '')}`)
    const engined = lockedEngines(readFileSync(path.join(root, 'pnpm-lock.yaml'), 'utf8'))
    expect(engined.length).toBeGreaterThan(50)
    const unsupported = engined.filter(({ range }) => !semver.satisfies(oldest, range, { includePrerelease: true })).map(({ name, range }) => `${name} wants node ${range}`)
    expect(unsupported).toEqual([])
  })
})
