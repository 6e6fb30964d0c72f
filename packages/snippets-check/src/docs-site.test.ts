import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { docsIdOf, findPublishedPackages } from '@hakiki/api-reference'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { ERROR_CODES, PROBLEM_TYPE_BASE } from '@hakiki/core'
import { type Browser, type Page, chromium } from 'playwright-core'
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
}, 1_200_000)

afterAll(async () => {
  console.info(`docs site: ${read.size} docs pages read, ${freshLoads} of them loaded in a fresh page`)
  await browser?.close()
  await site?.close()
})

const read = new Map<string, ReturnType<typeof openDocsPage>>()

/** A docs page as a reader sees it, opened once for all the tests below. */
function readDocsPage(id: string): ReturnType<typeof openDocsPage> {
  let page = read.get(id)
  if (!page) read.set(id, (page = openDocsPage(id)))
  return page
}

/**
 * The one browser page every docs page is read in, as the site shows them: the preview
 * (iframe.html) is loaded once, then each docs page is selected through Storybook's channel, which
 * is what the site's sidebar does (its manager sends `setCurrentStory` to the preview frame; the
 * frame is not reloaded). A fresh browser page per docs page cost ~2 CPU s each (the 1 MB preview
 * bundle parsed and started again): ~140 of the ~200 CPU s of this file for the site's ~60 pages;
 * a selection costs ~0.1–0.5 s.
 */
let reader: { page: Page; errors: string[] } | undefined
/** Docs pages are read one at a time (the reader shows one at a time). */
let readerQueue: Promise<unknown> = Promise.resolve()
/** How many docs pages had to be loaded in a fresh page (said at the end: each costs ~2 CPU s). */
let freshLoads = 0

/** The global where the reader's page keeps each story's render phase (Storybook's `storyRenderPhaseChanged`). */
const PHASES = '__hakikiStoryPhases'

/**
 * Installed in the reader's page before Storybook starts: every story's render phase, as the
 * preview's channel tells them, so that the reader can wait for a page's examples to finish.
 */
function trackRenderPhases(key: string): void {
  const phases: Record<string, string> = {}
  ;(window as unknown as Record<string, unknown>)[key] = phases
  const wait = setInterval(() => {
    const channel = (window as unknown as Record<string, { on(event: string, listener: (event: { storyId: string; newPhase: string }) => void): void } | undefined>)['__STORYBOOK_ADDONS_CHANNEL__']
    if (!channel) return
    clearInterval(wait)
    channel.on('storyRenderPhaseChanged', ({ storyId, newPhase }) => (phases[storyId] = newPhase))
  }, 1)
}

/**
 * Waits (at most 30 s) until no example of the page shown is still being rendered: Storybook
 * reloads the preview when a page is left while one is (`StoryRender.teardown`, a story "loading",
 * "rendering", "playing" or in `afterEach`; storybookjs/storybook#26735), which cost the reader a
 * fresh page, ~2 CPU s, once or twice a run. A reader who reads the page leaves it later too.
 */
async function examplesRendered(page: Page): Promise<void> {
  await page
    .waitForFunction((key) => !Object.values((window as unknown as Record<string, Record<string, string> | undefined>)[key] ?? {}).some((phase) => ['loading', 'beforeEach', 'rendering', 'playing', 'afterEach'].includes(phase)), PHASES, { timeout: 30_000 })
    .catch(() => {})
}

/** Loads the preview with the docs page `id` selected, in a fresh browser page. */
async function loadReader(id: string): Promise<NonNullable<typeof reader>> {
  await reader?.page.close().catch(() => {})
  freshLoads++
  const page = await browser.newPage()
  const loaded = (reader = { page, errors: [] as string[] })
  page.on('pageerror', (error) => loaded.errors.push(error.message))
  await page.addInitScript(trackRenderPhases, PHASES)
  await page.goto(`${site.url}/iframe.html?viewMode=docs&id=${id}`)
  await shown(page)
  return loaded
}

/** Waits until the preview shows a docs page, or Storybook's error display. */
async function shown(page: Page): Promise<void> {
  await page.locator('.sbdocs-content h1, .sb-show-errordisplay .sb-errordisplay').first().waitFor({ timeout: 60_000 })
}

/** Selects the docs page `id` in the reader (or loads it in a fresh page) and waits until Storybook has rendered it. */
async function showDocsPage(id: string, fresh: boolean): Promise<NonNullable<typeof reader>> {
  if (fresh || !reader) return loadReader(id)
  await examplesRendered(reader.page)
  reader.errors.length = 0
  const outcome = await reader.page.evaluate(
    (storyId) =>
      new Promise<string>((resolve) => {
        // The preview's channel to the manager (Storybook's global of that name).
        const channel = (window as unknown as Record<string, { once(event: string, listener: () => void): void; emit(event: string, payload: unknown): void }>)['__STORYBOOK_ADDONS_CHANNEL__']!
        // Storybook's core events: rendered, or a failure it shows in its error display (checked below).
        for (const event of ['docsRendered', 'storyErrored', 'storyThrewException', 'storyMissing']) channel.once(event, () => resolve(event))
        channel.emit('setCurrentStory', { storyId, viewMode: 'docs' })
      }),
    id,
  )
  if (outcome === 'docsRendered') await shown(reader.page)
  return reader
}

/** Opens a docs page of the built site and returns what a reader sees, failing on any page error. */
function openDocsPage(id: string) {
  const opened = readerQueue.then(async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const { page, errors } = await showDocsPage(id, attempt > 0)
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
        const content = page.locator('.sbdocs-content').first()
        const text = (await content.count()) > 0 ? await content.innerText() : ''
        const tables = await content.locator('table:not(.docblock-argstable)').count()
        // Every link as written (the attribute, not the resolved URL) and every id a `#hash` may target.
        const links = await content.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))
        const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((e) => e.id))
        return { headings, props, errors: [...errors], error, text, tables, links, ids }
      } catch (error) {
        // Storybook reloads the preview when a story of the page being left has not finished
        // rendering (its `teardown`: "the initial render may not be finished",
        // storybookjs/storybook#26735), as it does for a reader who clicks on quickly. That ends
        // the page the reader was on: the docs page is then loaded on its own, as a reader would
        // reload it, and must pass so. (Chromium also killed the tab there, when CodeInput's page
        // was left: fixed in listen-web-otp.ts, tested below.)
        if (attempt > 0) throw error
        console.warn(`docs site: ${id} could not be selected in the reader (${(error as Error).message.split('\n')[0]}); loading it in a fresh page`)
      }
    }
  })
  readerQueue = opened.catch(() => {})
  return opened
}

/**
 * What is wrong with a rendered page: Markdown shown as text (a table's `|---|` row, YAML front
 * matter), a Markdown file with tables rendering none, and internal links that lead nowhere. An
 * internal link is `?path=/docs/<id>` or `?path=/story/<id>` of an entry of the site, or `#<id>` of
 * an element of the page (and Storybook's `iframe.html?id=<id>`); anything else not `http(s):`/`mailto:` (a path to a file of the
 * repository, `./other.mdx`) is dead on the site.
 */
function pageProblems(name: string, page: Awaited<ReturnType<typeof readDocsPage>>, source: string | undefined, ids: ReadonlySet<string>): string[] {
  const problems: string[] = []
  const rawTable = /^.*\|\s*:?-{3,}:?\s*\|.*$/m.exec(page.text)
  if (rawTable) problems.push(`${name}: raw Markdown table "${rawTable[0].slice(0, 60)}"`)
  const frontMatter = /^\s*(title|description|sidebar_position|slug):\s.*$/m.exec(page.text)
  if (frontMatter) problems.push(`${name}: front matter shown as text "${frontMatter[0].slice(0, 60)}"`)
  if (source !== undefined && /^\s*\|.*\|\s*$/m.test(source.replace(/^(```|~~~)[\s\S]*?^\1/gm, '')) && page.tables === 0) problems.push(`${name}: its Markdown has tables, the page shows none`)
  for (const href of page.links) {
    if (/^(https?:|mailto:)/.test(href)) continue
    // Storybook's own "open in a new tab" links of the examples are iframe.html?id=<id>.
    const target = /^(?:\?path=\/(?:docs|story)\/|iframe\.html\?id=)([\w-]+)$/.exec(href)?.[1]
    if (target !== undefined ? !ids.has(target) : !(href.startsWith('#') && page.ids.includes(decodeURIComponent(href.slice(1))))) problems.push(`${name}: dead link ${href}`)
  }
  return problems
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
    const pages = await Promise.all(found.filter((f) => f.entry).map(async ({ name, entry }) => ({ name, page: await readDocsPage(entry!.id) })))
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

  it('renders every docs page as a reader should see it: tables as tables, no front matter, no dead internal link', async () => {
    const docs = entries.filter((e) => e.type === 'docs')
    const ids = new Set(entries.map((e) => e.id))
    const problems: string[] = []
    for (const { entry, page } of await Promise.all(docs.map(async (docsEntry) => ({ entry: docsEntry, page: await readDocsPage(docsEntry.id) })))) {
      const source = entry.importPath.endsWith('.mdx') ? readFileSync(path.join(root, entry.importPath), 'utf8') : undefined
      problems.push(...pageProblems(entry.importPath.endsWith('.mdx') ? entry.importPath : entry.title, page, source, ids))
    }
    expect(docs.length).toBeGreaterThan(15)
    expect(problems).toEqual([])
  })

  it('has an API reference page per published package', () => {
    const ids = new Set(entries.map((e) => e.id))
    const missing = findPublishedPackages(root).filter((pkg) => !ids.has(docsIdOf(`API reference/${pkg.name}`))).map((pkg) => pkg.name)
    expect(missing).toEqual([])
  })

  it("has a page per problem code, reached from the URI its problem's `type` names", async () => {
    const ids = new Set(entries.map((e) => e.id))
    const problems: string[] = []
    for (const code of ERROR_CODES) {
      const id = docsIdOf(`Problems/${code}`)
      if (!ids.has(id)) problems.push(`${code}: no docs page`)
      // Served at the type URI's path (the site deployed at https://hakiki.dev/), it leads to that page.
      const response = await fetch(`${site.url}${new URL(`${PROBLEM_TYPE_BASE}${code}`).pathname}/`)
      const html = response.ok ? await response.text() : ''
      if (!html.includes(`url=../../?path=/docs/${id}"`)) problems.push(`${code}: ${response.status} at its type URI's path, or no way on to ${id}`)
    }
    expect(problems).toEqual([])
    const page = await browser.newPage()
    try {
      await page.goto(`${site.url}/problems/rate_limited/`)
      await page.waitForURL(/path=\/docs\/problems-rate-limited--docs/, { timeout: 60_000 })
      await expect.poll(() => page.frameLocator('#storybook-preview-iframe').locator('.sbdocs-content h1').first().textContent(), { timeout: 60_000 }).toContain('rate_limited')
    } finally {
      await page.close()
    }
  })

  it("lets a reader leave CodeInput's docs page as soon as it shows (Chromium killed the tab there)", async () => {
    const codeInput = entries.find((e) => e.type === 'docs' && e.title === 'Components/CodeInput')!.id
    const emailInput = entries.find((e) => e.type === 'docs' && e.title === 'Components/EmailInput')!.id
    const page = await browser.newPage()
    let crashed = false
    let loads = 0
    page.on('crash', () => (crashed = true))
    page.on('load', () => loads++)
    const heading = () => page.evaluate(() => document.querySelector('.sbdocs-content h1')?.textContent ?? null)
    /** Selects a docs page as the sidebar does; false while the preview has no channel yet (loading). */
    const select = (storyId: string) =>
      page.evaluate((id) => {
        const channel = (window as unknown as Record<string, { emit(event: string, payload: unknown): void } | undefined>)['__STORYBOOK_ADDONS_CHANNEL__']
        channel?.emit('setCurrentStory', { storyId: id, viewMode: 'docs' })
        return channel !== undefined
      }, storyId)
    /**
     * Goes to a docs page and waits until it shows. Storybook may reload the preview as the page
     * before is left (a story still rendering: storybookjs/storybook#26735); the reloaded preview
     * shows the page of its URL, so the page is selected again after a reload, as the site's
     * manager does. A crash ends it at once.
     */
    const reach = async (storyId: string, title: string) => {
      let selectedAt = -1
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
        try {
          if (selectedAt !== loads && (await select(storyId))) selectedAt = loads
          await page.waitForFunction((expected) => document.querySelector('.sbdocs-content h1')?.textContent === expected, title, { timeout: 1_000 })
          return
        } catch (error) {
          if (crashed) throw new Error('the preview crashed (Chromium killed the tab)', { cause: error })
        }
      }
      throw new Error(`${title}'s docs page never showed (it shows ${await heading()})`)
    }
    try {
      await page.goto(`${site.url}/iframe.html?viewMode=docs&id=${codeInput}`)
      await page.waitForFunction(() => document.querySelector('.sbdocs-content h1')?.textContent === 'CodeInput', undefined, { timeout: 60_000 })
      // Left while the page's sixteen CodeInputs mount, each asking for WebOTP: they all unmount in
      // one go, and two aborts for the browser's one WebOTP request made Chromium kill the tab
      // ("bad Mojo message", 3 leaves in 4; packages/react/src/listen-web-otp.ts). Twice, back and forth.
      await reach(emailInput, 'EmailInput')
      await reach(codeInput, 'CodeInput')
      await reach(emailInput, 'EmailInput')
    } finally {
      await page.close()
    }
    expect(crashed).toBe(false)
  })

  it('is branded Hakiki, in the tab title and the sidebar', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`${site.url}/?path=/docs/introduction--docs`)
      await page.waitForFunction(() => document.title.includes('Introduction'), undefined, { timeout: 60_000 })
      await expect.poll(() => page.title()).toMatch(/Hakiki$/)
      expect(await page.getByText('Hakiki docs').count()).toBeGreaterThan(0)
      expect(await page.locator('#global-site-h1').textContent()).not.toMatch(/Storybook/)
    } finally {
      await page.close()
    }
  })

  it('searches the text of the pages, not only their titles', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`${site.url}/iframe.html?viewMode=docs&id=search--docs`)
      // A phrase of the security guide's body (no title says it), and one of the Twilio guide's table.
      await page.getByLabel('Search the guides and the reference').fill('x-forwarded-for')
      await expect.poll(() => page.locator('.sbdocs-content li a').allTextContents()).toContain('Guides / Server setup › Client IP')
      await page.getByLabel('Search the guides and the reference').fill('Fraud Guard')
      await expect.poll(async () => (await page.locator('.sbdocs-content li a').allTextContents()).some((t) => t.startsWith('Guides / Twilio Verify'))).toBe(true)
    } finally {
      await page.close()
    }
  })

  it('has a page for every guide and for the headless hooks, which render without error', async () => {
    const guides = readdirSync(path.join(root, 'docs', 'guides')).filter((f) => f.endsWith('.mdx'))
    expect(guides.length).toBeGreaterThanOrEqual(7)
    const pages = entries.filter((e) => e.type === 'docs' && e.importPath.startsWith('./docs/'))
    const problems: string[] = []
    for (const guide of guides) if (!pages.some((p) => p.importPath === `./docs/guides/${guide}`)) problems.push(`${guide}: no page`)
    if (!pages.some((p) => p.title.startsWith('Hooks/'))) problems.push('no Hooks page')
    for (const { entry, page } of await Promise.all(pages.map(async (docs) => ({ entry: docs, page: await readDocsPage(docs.id) })))) {
      problems.push(...page.errors.map((error) => `${entry.importPath}: page error ${error}`))
      if (page.error > 0) problems.push(`${entry.importPath}: Storybook shows an error`)
    }
    expect(problems).toEqual([])
  })
})
