import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { ListResult } from './list/measure-list'
import type { ProxyBenchResult } from './proxy/measure-proxy'
import type { RendersResult } from './renders/measure-renders'
import { performanceMarkdown, type Dated, type SizeFile } from './performance-markdown'

const START = '<!-- performance:start -->'
const END = '<!-- performance:end -->'

function readJson<T>(name: string): T | undefined {
  const url = new URL(`../results/${name}`, import.meta.url)
  return existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as T) : undefined
}

/**
 * `pnpm --filter @hakiki/bench performance`: rewrites the section between the markers of this
 * package's README and of the repository's README (which shows the same figures to visitors)
 * from `results/*.json`.
 */
function main(): void {
  const section = performanceMarkdown({
    size: readJson<SizeFile>('size.json'),
    renders: readJson<Dated<RendersResult>>('renders.json'),
    proxy: readJson<Dated<ProxyBenchResult>>('proxy.json'),
    list: readJson<Dated<ListResult>>('list.json'),
  })
  for (const readme of [new URL('../README.md', import.meta.url), new URL('../../../README.md', import.meta.url)]) {
    const text = readFileSync(readme, 'utf8')
    const from = text.indexOf(START)
    const to = text.indexOf(END)
    if (from < 0 || to < from) throw new Error(`${readme.pathname} needs ${START} and ${END}`)
    writeFileSync(readme, `${text.slice(0, from + START.length)}\n${section}\n${text.slice(to)}`)
  }
  console.info(section)
}

main()
