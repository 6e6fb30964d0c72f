import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { chromium, type Browser } from 'playwright-core'
import { serveStatic, type StaticFile } from '../static-server'
import { round2, summarize, type Summary } from '../stats'
import { buildPages } from './build-pages'
import { RENDER_CANDIDATES, type RenderCandidate } from './candidates'
import type { CommitRecord, KeyRecord } from './pages/harness'

export { CHROMIUM_ARGS }


/** Workload of {@link measureRenders}. */
export interface RendersOptions {
  /** Page loads per candidate; each types the whole text once. @default 5 */
  runs?: number
  /** Fields to measure. @default RENDER_CANDIDATES */
  candidates?: readonly RenderCandidate[]
  /** Chromium binary. @default '/usr/bin/chromium' */
  executablePath?: string
}

/** Figures of one candidate over every run. */
export interface CandidateRenders {
  name: string
  label: string
  kind: 'hakiki' | 'alternative'
  /** What was typed. */
  text: string
  /** Key presses measured (runs × characters). */
  keystrokes: number
  /** React commits of the candidate per key press: mean and most. Goal: exactly 1. */
  commitsPerKey: { mean: number; max: number }
  /** Commits caused by state set in a layout effect (`nested-update`), all runs. */
  nestedUpdates: number
  /** Commits of the siblings while typing, all runs. Goal: 0. */
  siblingCommits: number
  /** Render time of the candidate per key press (sum of its commits' `actualDuration`), ms. */
  renderMs: Summary
  /** From the key reaching the page to React's last commit for it, ms. */
  keyToCommitMs: Summary
  /** From the key reaching the page to the task after the next frame's paint, ms. */
  keyToPaintMs: Summary
  /** The input's value after the first run's typing, to show the keys landed. */
  finalValue: string
}

/** What {@link measureRenders} returns. */
export interface RendersResult {
  /** Chromium version. */
  chromium: string
  runs: number
  /** How each figure is taken. */
  method: string
  candidates: CandidateRenders[]
}

const METHOD =
  'esbuild production bundle with react-dom/profiling; one <Profiler> around the field and one around each sibling; ' +
  'Playwright key presses one at a time, each followed by two animation frames and a task; ' +
  'key time = keydown event.timeStamp; paint = first task after the next requestAnimationFrame (MessageChannel)'

/**
 * Types into each candidate in Debian's Chromium and counts React commits per key press (field
 * and siblings) and the time from key to commit and to paint. Pages are served from memory on
 * 127.0.0.1; every request elsewhere (e.g. react-phone-number-input's default flag images) is
 * aborted, so nothing waits on a network that is not there.
 */
export async function measureRenders(options: RendersOptions = {}): Promise<RendersResult> {
  const runs = options.runs ?? 5
  const candidates = options.candidates ?? RENDER_CANDIDATES
  const pages = await buildPages(candidates.map((c) => c.name))
  const files = new Map<string, StaticFile>()
  for (const [name, page] of pages) {
    const stylesheet = page.css ? `<link rel="stylesheet" href="/${name}.css">` : ''
    files.set(`/${name}.html`, {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>${stylesheet}</head><body><div id="root"></div><script type="module" src="/${name}.js"></script></body></html>`,
    })
    files.set(`/${name}.js`, { type: 'text/javascript; charset=utf-8', body: page.js })
    if (page.css) files.set(`/${name}.css`, { type: 'text/css; charset=utf-8', body: page.css })
  }
  const server = await serveStatic(files)
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: options.executablePath ?? CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
    const context = await browser.newContext()
    const samples = new Map(candidates.map((c) => [c.name, [] as Array<{ commits: CommitRecord[]; keys: KeyRecord[]; value: string }>]))
    for (let run = 0; run < runs; run++) {
      for (const candidate of candidates) {
        const page = await context.newPage()
        const origin = new URL(server.url).origin
        await page.route((url) => url.origin !== origin, (route) => route.abort())
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        await page.goto(`${server.url}/${candidate.name}.html`)
        await page.waitForFunction(() => window.hakikiBench?.ready === true, undefined, { timeout: 15_000 })
        const input = page.locator(candidate.selector).first()
        await input.click()
        await page.evaluate(() => window.hakikiBench?.settle())
        await page.evaluate(() => window.hakikiBench?.reset())
        for (const char of candidate.text) {
          await page.keyboard.press(char)
          await page.evaluate(() => window.hakikiBench?.settle())
        }
        const recorded = await page.evaluate(() => ({ commits: window.hakikiBench?.commits ?? [], keys: window.hakikiBench?.keys ?? [] }))
        const value = await input.inputValue()
        await page.close()
        if (errors.length > 0) throw new Error(`${candidate.name}: page error: ${errors[0]}`)
        if (recorded.keys.length !== candidate.text.length) throw new Error(`${candidate.name}: ${recorded.keys.length} of ${candidate.text.length} keys reached the page`)
        samples.get(candidate.name)?.push({ ...recorded, value })
      }
    }
    return {
      chromium: browser.version(),
      runs,
      method: METHOD,
      candidates: candidates.map((candidate) => summarizeCandidate(candidate, samples.get(candidate.name) ?? [])),
    }
  } finally {
    await browser?.close()
    await server.close()
  }
}

function summarizeCandidate(
  candidate: RenderCandidate,
  runs: ReadonlyArray<{ commits: CommitRecord[]; keys: KeyRecord[]; value: string }>,
): CandidateRenders {
  const perKey: number[] = []
  const render: number[] = []
  const toCommit: number[] = []
  const toPaint: number[] = []
  let nestedUpdates = 0
  let siblingCommits = 0
  for (const { commits, keys } of runs) {
    siblingCommits += commits.filter((c) => c.id !== 'candidate').length
    nestedUpdates += commits.filter((c) => c.id === 'candidate' && c.phase === 'nested-update').length
    keys.forEach((key, index) => {
      const own = commits.filter((c) => c.id === 'candidate' && c.key === index)
      perKey.push(own.length)
      render.push(own.reduce((sum, c) => sum + c.actualDuration, 0))
      const last = own.at(-1)
      if (last) toCommit.push(last.commitTime - key.at)
      if (key.toPaint !== undefined) toPaint.push(key.toPaint)
    })
  }
  return {
    name: candidate.name,
    label: candidate.label,
    kind: candidate.kind,
    text: candidate.text,
    keystrokes: perKey.length,
    commitsPerKey: { mean: round2(perKey.reduce((a, b) => a + b, 0) / Math.max(perKey.length, 1)), max: Math.max(0, ...perKey) },
    nestedUpdates,
    siblingCommits,
    renderMs: summarize(render),
    keyToCommitMs: summarize(toCommit),
    keyToPaintMs: summarize(toPaint),
    finalValue: runs[0]?.value ?? '',
  }
}
