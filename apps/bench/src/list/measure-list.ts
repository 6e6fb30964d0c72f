import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { build } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { serveStatic, type StaticFile } from '../static-server'
import { summarize, type Summary } from '../stats'

/** One country list measured by `pnpm bench:list`. */
export interface ListCandidate {
  /** Page name: `pages/<name>.tsx` is its entry. */
  name: string
  label: string
  kind: 'hakiki' | 'alternative'
  /** The button that opens the list. */
  trigger: string
  /** An element of the open list (present once it rendered). */
  option: string
}

/** Our picker of every region (its region index and list code loaded, and fetched as the list opens) and react-international-phone's, all opened on Ghana. */
export const LIST_CANDIDATES: readonly ListCandidate[] = [
  { name: 'hakiki-country-list', label: 'hakiki CountrySelect (countries="all"), region index and list code loaded', kind: 'hakiki', trigger: '[data-part="trigger"]', option: '[role="option"]' },
  {
    name: 'hakiki-country-list-cold',
    label: 'hakiki CountrySelect (countries="all"), region index and list code fetched on open',
    kind: 'hakiki',
    trigger: '[data-part="trigger"]',
    option: '[role="option"]',
  },
  {
    name: 'react-international-phone-list',
    label: 'react-international-phone (country selector)',
    kind: 'alternative',
    trigger: '.react-international-phone-country-selector-button',
    option: '[role="option"]',
  },
]

/** Figures of one candidate. */
export interface ListFigures {
  name: string
  label: string
  kind: ListCandidate['kind']
  /** Options in the open list. */
  options: number
  /** From the click to the task after the next frame's paint, on a fresh page each time, ms. */
  firstOpenMs: Summary
  /** The click alone (the event handlers, and React's render and commit of a discrete event's update), ms. */
  clickMs: Summary
}

/** What {@link measureList} returns. */
export interface ListResult {
  chromium: string
  runs: number
  method: string
  candidates: ListFigures[]
}

const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url))

const METHOD =
  'esbuild production bundle (react-dom production); a fresh page per run; `trigger.click()` inside the page, ' +
  'then time to the first task after the next requestAnimationFrame (MessageChannel), i.e. after the open list is painted; runs interleaved'

/**
 * Opens each country list for the first time on a fresh page in Debian's Chromium, `runs` times,
 * runs of the candidates interleaved so that a machine getting busier affects both, and times the
 * click to the paint of the open list. Requests to other origins (flag images on a CDN) are aborted.
 */
export async function measureList(options: { runs?: number; candidates?: readonly ListCandidate[] } = {}): Promise<ListResult> {
  const runs = options.runs ?? 15
  const candidates = options.candidates ?? LIST_CANDIDATES
  const result = await build({
    entryPoints: candidates.map((c) => join(pagesDir, `${c.name}.tsx`)),
    outdir: join(pagesDir, 'out'),
    bundle: true,
    // As an app ships it: the region index and the list's code a cold list fetches are chunks of their own.
    splitting: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'dataurl' },
    logLevel: 'silent',
    legalComments: 'none',
  })
  const files = new Map<string, StaticFile>()
  for (const file of result.outputFiles.filter((f) => f.path.endsWith('.js'))) {
    files.set(`/${file.path.slice(file.path.lastIndexOf('/out/') + '/out/'.length)}`, { type: 'text/javascript; charset=utf-8', body: file.contents })
  }
  for (const { name } of candidates) {
    const js = result.outputFiles.find((f) => f.path.endsWith(`/out/${name}.js`))
    const css = result.outputFiles.find((f) => f.path.endsWith(`/out/${name}.css`))
    if (!js) throw new Error(`esbuild produced no script for ${name}`)
    files.set(`/${name}.js`, { type: 'text/javascript; charset=utf-8', body: js.contents })
    if (css) files.set(`/${name}.css`, { type: 'text/css; charset=utf-8', body: css.contents })
    files.set(`/${name}.html`, {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>${css ? `<link rel="stylesheet" href="/${name}.css">` : ''}</head><body><div id="root"></div><script type="module" src="/${name}.js"></script></body></html>`,
    })
  }
  const server = await serveStatic(files)
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } })
    const samples = new Map(candidates.map((c) => [c.name, { times: [] as number[], clickTimes: [] as number[], options: 0 }]))
    for (let run = 0; run < runs; run++) {
      for (const candidate of candidates) {
        const page = await context.newPage()
        const origin = new URL(server.url).origin
        await page.route((url) => url.origin !== origin, (route) => route.abort())
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        await page.goto(`${server.url}/${candidate.name}.html`)
        await page.waitForFunction(() => window.hakikiList?.ready === true, undefined, { timeout: 30_000 })
        await page.locator(candidate.trigger).first().waitFor()
        // Two frames for the page to settle before the click.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        const { ms, clickMs, options: count } = await page.evaluate(
          async ({ trigger, option }) => {
            const button = document.querySelector<HTMLElement>(trigger)
            if (!button) throw new Error(`no ${trigger}`)
            const start = performance.now()
            button.click()
            const clicked = performance.now() - start
            // React renders a discrete event's update before click() returns; wait for the paint
            // of a frame with the options in it (a cold list first fetches the region index and its code).
            // (No named helper: tsx would wrap it in a `__name` call the page does not have.)
            do {
              await new Promise<void>((resolve) =>
                requestAnimationFrame(() => {
                  const channel = new MessageChannel()
                  channel.port1.addEventListener('message', () => resolve())
                  channel.port1.start()
                  channel.port2.postMessage(undefined)
                }),
              )
            } while (document.querySelectorAll(option).length === 0 && performance.now() - start < 10_000)
            return { ms: performance.now() - start, clickMs: clicked, options: document.querySelectorAll(option).length }
          },
          { trigger: candidate.trigger, option: candidate.option },
        )
        await page.close()
        if (errors.length > 0) throw new Error(`${candidate.name}: page error: ${errors[0]}`)
        if (count === 0) throw new Error(`${candidate.name}: the list did not open`)
        const sample = samples.get(candidate.name)
        sample?.times.push(ms)
        sample?.clickTimes.push(clickMs)
        if (sample) sample.options = count
      }
    }
    return {
      chromium: browser.version(),
      runs,
      method: METHOD,
      candidates: candidates.map((c) => ({ name: c.name, label: c.label, kind: c.kind, options: samples.get(c.name)?.options ?? 0, firstOpenMs: summarize(samples.get(c.name)?.times ?? []), clickMs: summarize(samples.get(c.name)?.clickTimes ?? []) })),
    }
  } finally {
    await browser?.close()
    await server.close()
  }
}
