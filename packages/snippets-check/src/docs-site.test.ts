import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SiteBuild, buildDocsSite } from './build-docs-site'
import { serveStatic } from './serve-static'

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const root = path.resolve(packageDir, '../..')
const outputDir = path.join(packageDir, '.snippets', 'site')

/** The components that must each have a docs page. */
const COMPONENTS = ['CodeInput', 'PhoneInput', 'EmailInput', 'ChannelPicker', 'LocaleSelect', 'ResendButton', 'ExpiryNotice', 'AttemptsNotice', 'CountrySelect', 'VerificationFlow']

interface IndexEntry {
  id: string
  title: string
  type: 'docs' | 'story'
  importPath: string
}

let build: SiteBuild
let entries: IndexEntry[]
let site: Awaited<ReturnType<typeof serveStatic>>
let browser: Browser

beforeAll(async () => {
  build = await buildDocsSite(root, outputDir)
  console.info(`docs site built in ${(build.milliseconds / 1000).toFixed(1)} s`)
  if (!build.ok) return
  entries = Object.values((JSON.parse(readFileSync(path.join(outputDir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> }).entries)
  site = await serveStatic(outputDir)
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/** Runs `task` over `items`, three at a time (pages mostly wait on rendering; keeps the test short). */
async function inPool<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all([worker(), worker(), worker()])
  return results
}

/** Opens a docs page of the built site and returns what a reader sees, failing on any page error. */
async function readDocsPage(id: string) {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  try {
    await page.goto(`${site.url}/iframe.html?viewMode=docs&id=${id}`)
    await page.locator('.sbdocs-content h1').first().waitFor({ timeout: 60_000 })
    const headings = await page.locator('.sbdocs-content h2').allTextContents()
    // Rows of the props table: name, and the description without the type summary under it.
    const props = await page.locator('table.docblock-argstable tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({
        name: row.querySelector('td:first-child')?.textContent ?? '',
        description: row.querySelector('td:nth-child(2) > div:first-child:not(:last-child)')?.textContent?.trim() ?? '',
        defaultValue: row.querySelector('td:nth-child(3)')?.textContent?.trim() ?? '',
        control: row.querySelector('td:nth-child(4) :is(button, input, select, textarea)') !== null,
      })),
    )
    const error = await page.locator('.sb-errordisplay:visible').count()
    return { headings, props, errors, error }
  } finally {
    await page.close()
  }
}

describe('the documentation site', () => {
  it('builds (pnpm docs:build) with no warning and no error', () => {
    expect(build.problems).toEqual([])
    expect({ ok: build.ok, tail: build.ok ? '' : build.output.slice(-4000) }).toEqual({ ok: true, tail: '' })
  })

  it('has a docs page per component, showing its usage and its props described from the doc comments, with controls', async () => {
    const problems: string[] = []
    const found = COMPONENTS.map((name) => ({ name, entry: entries.find((e) => e.type === 'docs' && e.title.split('/').at(-1) === name) }))
    for (const { name, entry } of found) if (!entry) problems.push(`${name}: no docs page`)
    const pages = await inPool(
      found.filter((f) => f.entry),
      async ({ name, entry }) => ({ name, page: await readDocsPage(entry!.id) }),
    )
    for (const { name, page } of pages) {
      problems.push(...page.errors.map((error) => `${name}: page error ${error}`))
      if (page.error > 0) problems.push(`${name}: Storybook shows an error`)
      for (const heading of ['Usage', 'Props']) if (!page.headings.includes(heading)) problems.push(`${name}: no "${heading}" section`)
      // react-docgen reads the doc comments; a props table without descriptions means it broke.
      const undescribed = page.props.filter((p) => p.description === '').map((p) => p.name)
      if (page.props.length === 0) problems.push(`${name}: no props in the table`)
      else if (undescribed.length > page.props.length * 0.2) problems.push(`${name}: props without a description: ${undescribed.join(', ')}`)
      if (!page.props.some((p) => p.control)) problems.push(`${name}: no control`)
      // `@default` in a doc comment goes to the Default column (.storybook/doc-comment-defaults.ts), not the description.
      const raw = page.props.filter((p) => p.description.includes('@default')).map((p) => p.name)
      if (raw.length > 0) problems.push(`${name}: @default shown raw for ${raw.join(', ')}`)
    }
    const defaultOf = (component: string, prop: string) => pages.find((p) => p.name === component)?.page.props.find((p) => p.name === prop)?.defaultValue
    problems.push(...[['CodeInput', 'length', '6'], ['AttemptsNotice', 'warnAt', '2']].filter(([c, p, value]) => defaultOf(c!, p!) !== value).map(([c, p, value]) => `${c}.${p}: Default column "${defaultOf(c!, p!)}", not "${value}"`))
    expect(problems).toEqual([])
  })

  it('has a page for every guide and for the headless hooks, which render without error', async () => {
    const guides = readdirSync(path.join(root, 'docs', 'guides')).filter((f) => f.endsWith('.mdx'))
    expect(guides.length).toBeGreaterThanOrEqual(7)
    const pages = entries.filter((e) => e.type === 'docs' && e.importPath.startsWith('./docs/'))
    const problems: string[] = []
    for (const guide of guides) if (!pages.some((p) => p.importPath === `./docs/guides/${guide}`)) problems.push(`${guide}: no page`)
    if (!pages.some((p) => p.title.startsWith('Hooks/'))) problems.push('no Hooks page')
    for (const { entry, page } of await inPool(pages, async (docs) => ({ entry: docs, page: await readDocsPage(docs.id) }))) {
      problems.push(...page.errors.map((error) => `${entry.importPath}: page error ${error}`))
      if (page.error > 0) problems.push(`${entry.importPath}: Storybook shows an error`)
    }
    expect(problems).toEqual([])
  })
})
