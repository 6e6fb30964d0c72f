import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * The documents whose code blocks are checked, relative to the repository root: README.md at the
 * root and in every packages/* and apps/* folder, and every .mdx file under docs/.
 */
export function findDocuments(root: string): string[] {
  const found: string[] = []
  if (existsSync(path.join(root, 'README.md'))) found.push('README.md')
  for (const group of ['packages', 'apps']) {
    const dir = path.join(root, group)
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).toSorted()) {
      const readme = path.join(group, name, 'README.md')
      if (existsSync(path.join(root, readme))) found.push(readme)
    }
  }
  const walk = (relative: string): void => {
    for (const name of readdirSync(path.join(root, relative)).toSorted()) {
      const child = path.join(relative, name)
      // docs/api: the API reference, generated from the doc comments (examples there are not programs).
      if (name === 'node_modules' || child === path.join('docs', 'api')) continue
      if (statSync(path.join(root, child)).isDirectory()) walk(child)
      else if (name.endsWith('.mdx')) found.push(child)
    }
  }
  if (existsSync(path.join(root, 'docs'))) walk('docs')
  return found
}
