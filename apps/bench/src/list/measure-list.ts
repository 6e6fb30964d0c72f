import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { build } from 'esbuild'
import { chromium, type Browser, type Page } from 'playwright-core'
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

/**
 * How the list is opened: `click`, a script's `button.click()` (no pointer or focus event before
 * it, so nothing is fetched ahead); `pointer`, a real pointer moved onto the button and pressed at
 * once (Playwright's mouse: pointerover, pointerdown, focus, click, a few ms apart, where a person
 * takes a tenth of a second or more), timed from the pointer reaching the button; `keyboard`, Tab
 * onto the button and Enter at once, timed from the Tab.
 */
export const OPEN_MODES = ['click', 'pointer', 'keyboard'] as const
/** One of {@link OPEN_MODES}. */
export type OpenMode = (typeof OPEN_MODES)[number]

/** Figures of one candidate. */
export interface ListFigures {
  name: string
  label: string
  kind: ListCandidate['kind']
  /** Options in the open list. */
  options: number
  /** From the first input (the click, the pointer on the button, the Tab) to the task after the next frame's paint with the options in it, on a fresh page each time, ms. */
  firstOpenMs: Record<OpenMode, Summary>
  /** The scripted click alone (the event handlers, and React's render and commit of a discrete event's update), ms. */
  clickMs: Summary
  /** Scripts the page fetched from the first input until the list was painted (`click` mode, the last run). */
  fetchesOnOpen: number
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
  'esbuild production bundle (react-dom production); a fresh page per run and way of opening; `trigger.click()` inside the page, ' +
  'a real pointer (move onto the button, press, release) or a real Tab then Enter; then time from the first input to the first task after the ' +
  'next requestAnimationFrame (MessageChannel) with the options in it, i.e. after the open list is painted; runs interleaved'

/**
 * In the page: resolves with the ms from `startAt` to the first task after a frame painted with an
 * `option` shown (react-international-phone keeps its closed list in the page, `display: none`). (No named helper: tsx would wrap it in a
 * `__name` call the page does not have.)
 */
const WAIT_FOR_OPEN = `(option, startAt) => new Promise((resolve) => {
  const shown = () => [...document.querySelectorAll(option)].filter((o) => o.checkVisibility({ visibilityProperty: true })).length
  const step = () => requestAnimationFrame(() => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      const options = shown()
      if (options > 0 || performance.now() - startAt > 10000) resolve({ ms: performance.now() - startAt, options })
      else step()
    }
    channel.port2.postMessage(undefined)
  })
  step()
})`

/** What the page shows (its first input seen, focus, options, scripts fetched), for an error; 5 s at most. */
async function describePage(page: Page, option: string): Promise<string> {
  const state = page.evaluate(
    (selector) =>
      JSON.stringify({
        firstInput: window.hakikiFirstInput ?? 'none',
        focus: document.activeElement?.outerHTML.slice(0, 160),
        optionsShown: [...document.querySelectorAll(selector)].filter((o) => o.checkVisibility({ visibilityProperty: true })).length,
        scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.js')).map((r) => `${new URL(r.name).pathname} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms`),
        now: Math.round(performance.now()),
      }),
    option,
  )
  const quiet = new Promise<string>((resolve) => setTimeout(() => resolve('(the page did not answer within 5 s)'), 5000))
  return Promise.race([state, quiet]).catch((error: unknown) => `(${(error as Error).message})`)
}

/**
 * Opens each country list for the first time on a fresh page in Debian's Chromium, `runs` times in
 * each way of {@link OPEN_MODES}, runs of the candidates interleaved so that a machine getting
 * busier affects both, and times the first input to the paint of the open list. Requests to other origins (flag images on a CDN) are aborted.
 */
export async function measureList(options: { runs?: number; candidates?: readonly ListCandidate[]; modes?: readonly OpenMode[]; before?: string } = {}): Promise<ListResult> {
  const runs = options.runs ?? 15
  const ours = options.candidates ?? LIST_CANDIDATES
  const modes = options.modes ?? OPEN_MODES
  // `before`: another checkout (`git worktree add`), whose own pages of ours are built from its own
  // sources and measured in the same rounds, labelled "before:".
  const before = options.before
  const candidates = before
    ? [...ours, ...ours.filter((c) => c.kind === 'hakiki').map((c) => ({ ...c, name: `before-${c.name}`, label: `before: ${c.label}` }))]
    : ours
  const entryOf = (name: string): string => (before && name.startsWith('before-') ? join(before, 'apps/bench/src/list/pages', `${name.slice('before-'.length)}.tsx`) : join(pagesDir, `${name}.tsx`))
  const result = await build({
    entryPoints: Object.fromEntries(candidates.map((c) => [c.name, entryOf(c.name)])),
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
    const samples = new Map(
      candidates.map((c) => [c.name, { times: Object.fromEntries(modes.map((m) => [m, [] as number[]])) as Record<OpenMode, number[]>, clickTimes: [] as number[], options: 0, fetches: 0 }]),
    )
    for (let run = 0; run < runs; run++) {
      for (const mode of modes) {
        for (const candidate of candidates) {
          const page = await context.newPage()
          const origin = new URL(server.url).origin
          await page.route((url) => url.origin !== origin, (route) => route.abort())
          const errors: string[] = []
          page.on('pageerror', (error) => errors.push(error.message))
          await page.goto(`${server.url}/${candidate.name}.html`)
          await page.waitForFunction(() => window.hakikiList?.ready === true, undefined, { timeout: 30_000 })
          const trigger = page.locator(candidate.trigger).first()
          await trigger.waitFor()
          // Two frames for the page to settle before the first input.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
          let fetched = 0
          page.on('request', (request) => {
            if (request.resourceType() === 'script') fetched++
          })
          // The page's waiting helper, as a global (a string the page evaluates: tsx would wrap a function's helpers).
          await page.evaluate(`window.hakikiWaitForOpen = ${WAIT_FOR_OPEN}`)
          let measured: { ms: number; options: number; clickMs?: number }
          if (mode === 'click') {
            measured = await page.evaluate(
              async ({ trigger: selector, option }) => {
                const button = document.querySelector<HTMLElement>(selector)
                if (!button) throw new Error(`no ${selector}`)
                const start = performance.now()
                button.click()
                const clickMs = performance.now() - start
                // React renders a discrete event's update before click() returns; a cold list first fetches its code.
                return { ...(await window.hakikiWaitForOpen?.(option, start)), clickMs } as { ms: number; options: number; clickMs: number }
              },
              { trigger: candidate.trigger, option: candidate.option },
            )
          } else {
            // The clock starts at the first input event the page sees, in the page's time. The
            // listener is in place before the input is sent: a `page.evaluate` left running while
            // the keys were pressed could install it after both keys had arrived (seen at 16:34 on
            // main: the list open, no keydown seen, the bench waiting 30 s for nothing).
            await page.evaluate(
              ({ trigger: selector, option, first }) => {
                const button = document.querySelector(selector)
                // Inline and unnamed: tsx would wrap a named function in a `__name` call the page does not have.
                const done = new AbortController()
                window.hakikiOpened = new Promise((resolve) => {
                  window.addEventListener(
                    first,
                    (event) => {
                      if (first === 'pointerover' && !button?.contains(event.target as Node)) return
                      done.abort()
                      window.hakikiFirstInput = `${event.type} ${(event as Partial<KeyboardEvent>).key ?? ''}`.trim()
                      void window.hakikiWaitForOpen?.(option, event.timeStamp).then(resolve)
                    },
                    { capture: true, signal: done.signal },
                  )
                })
              },
              { trigger: candidate.trigger, option: candidate.option, first: mode === 'pointer' ? 'pointerover' : 'keydown' },
            )
            if (mode === 'pointer') {
              const box = await trigger.boundingBox()
              if (!box) throw new Error(`${candidate.name}: the button has no box`)
              await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
              await page.mouse.down()
              await page.mouse.up()
            } else {
              await page.keyboard.press('Tab')
              await page.keyboard.press('Enter')
            }
            // A page that never saw the input would hang the bench: fail it loudly, saying what the page shows.
            let timer: ReturnType<typeof setTimeout> | undefined
            const timedOut = new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`${candidate.name}: no ${mode} input reached the page, or the list never showed, within 30 s`)), 30_000)
            })
            const opened = page.evaluate(() => window.hakikiOpened as Promise<{ ms: number; options: number }>)
            measured = await Promise.race([opened, timedOut])
              .catch(async (error: unknown) => {
                throw new Error(`${(error as Error).message}; the page: ${await describePage(page, candidate.option)}`)
              })
              .finally(() => clearTimeout(timer))
          }
          await page.close()
          if (errors.length > 0) throw new Error(`${candidate.name}: page error: ${errors[0]}`)
          if (measured.options === 0) throw new Error(`${candidate.name}: the list did not open (${mode})`)
          const sample = samples.get(candidate.name)
          sample?.times[mode].push(measured.ms)
          if (sample && measured.clickMs !== undefined) {
            sample.clickTimes.push(measured.clickMs)
            sample.fetches = fetched
          }
          if (sample) sample.options = measured.options
        }
      }
    }
    return {
      chromium: browser.version(),
      runs,
      method: METHOD,
      candidates: candidates.map((c) => {
        const sample = samples.get(c.name)
        return {
          name: c.name,
          label: c.label,
          kind: c.kind,
          options: sample?.options ?? 0,
          firstOpenMs: Object.fromEntries(modes.map((m) => [m, summarize(sample?.times[m] ?? [])])) as Record<OpenMode, Summary>,
          clickMs: summarize(sample?.clickTimes ?? []),
          fetchesOnOpen: sample?.fetches ?? 0,
        }
      }),
    }
  } finally {
    await browser?.close()
    await server.close()
  }
}
