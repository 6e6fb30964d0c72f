import type { IncomingMessage, ServerResponse } from 'node:http'
import react from '@vitejs/plugin-react'
import type { Frame, Page } from 'playwright'
import type { Browser as WdioBrowser } from 'webdriverio'
import { browserInstances } from '@hakiki/build-config/browsers'
import { EngineSummaryReporter } from '@hakiki/build-config/engine-summary'
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite'
import type { BrowserCommandContext, BrowserConfigOptions } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * Gates of the module requests `holdModule` holds, by file pattern, and how many requests each met.
 * One map per process, not per module instance: Vitest evaluates this config more than once, and
 * the commands of one evaluation must reach the test server of another.
 */
const heldModules = ((globalThis as { hakikiHeldModules?: Map<string, HeldModule> }).hakikiHeldModules ??= new Map<string, HeldModule>())

interface HeldModule {
  pattern: RegExp
  gate: Promise<'continue' | 'abort'>
  release: (outcome: 'continue' | 'abort') => void
  hits: number
  /** Held in the page by Playwright, not by the test server. */
  routed?: boolean
}

/** Playwright's URL glob `**\/${file}*` as a regular expression over a request's path and query. */
function modulePattern(file: string): RegExp {
  const glob = `**/${file}*`
  const source = glob
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`)
}

/** A hold's key: the engine of the test that holds, and the file pattern. */
function holdKey(context: BrowserCommandContext, file: string): string {
  return `${context.project.config.browser.name}:${file}`
}

/** The engine a request comes from, by its User-Agent (Chromium's names Chrome and Safari too). */
function engineOf(userAgent: string): string {
  if (userAgent.includes('Firefox/')) return 'firefox'
  if (userAgent.includes('Chrome/')) return 'chromium'
  return 'webkit'
}

/** A new hold of the requests for `file` (Node 20 has no Promise.withResolvers). */
function heldModule(file: string): HeldModule {
  let release!: HeldModule['release']
  const gate = new Promise<'continue' | 'abort'>((resolve) => {
    release = resolve
  })
  return { pattern: modulePattern(file), gate, release, hits: 0 }
}

/**
 * Holds, at the test server, the module requests `holdModule` names for WebKit (WebDriver classic
 * cannot intercept requests; Playwright's engines hold them in their page): released, the request
 * goes on; aborted, its connection is dropped.
 */
function moduleHolds(): Plugin {
  return {
    name: 'hakiki:module-holds',
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = req.url ?? ''
        // The engines share this server: a hold applies to the engine that asked for it only.
        const engine = engineOf(req.headers['user-agent'] ?? '')
        const held = [...heldModules.entries()].find(([key, entry]) => !entry.routed && key.startsWith(`${engine}:`) && entry.pattern.test(url))?.[1]
        if (!held) return next()
        held.hits += 1
        void held.gate.then((outcome) => (outcome === 'continue' ? next() : res.destroy()))
      })
    },
  }
}

/** The accessible names the engine itself computes for `selector`'s elements in the test's frame. */
async function accessibleNames(context: BrowserCommandContext, selector: string): Promise<string[]> {
  if (context.provider.name === 'webdriverio') {
    // WebDriver's "Get Computed Label": WebKit's own accessibility name of each element.
    const provider = context.provider as unknown as { isIframeSwitched(): boolean; switchToTestFrame(): Promise<void>; switchToMainFrame(): Promise<void> }
    const browser = (context as unknown as { browser: WdioBrowser }).browser
    const switched = provider.isIframeSwitched()
    if (!switched) await provider.switchToTestFrame()
    try {
      const elements = await browser.$$(selector).getElements()
      const names: string[] = []
      for (const element of elements) names.push(await element.getComputedLabel())
      return names
    } finally {
      if (!switched) await provider.switchToMainFrame()
    }
  }
  if (context.project.config.browser.name !== 'chromium') throw new Error(`accessibleNames: no accessibility tree API for ${context.project.config.browser.name}`)
  const { page } = context as unknown as { page: Page }
  const cdp = await page.context().newCDPSession(page)
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true })
    const documents: number[] = []
    const walk = (node: typeof root): void => {
      if (node.nodeName === '#document') documents.push(node.nodeId)
      for (const child of [...(node.children ?? []), ...(node.contentDocument ? [node.contentDocument] : [])]) walk(child)
    }
    walk(root)
    const names: string[] = []
    for (const nodeId of documents) {
      const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId, selector })
      for (const id of nodeIds) {
        const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId: id, fetchRelatives: false })
        names.push(String(nodes[0]?.name?.value ?? ''))
      }
    }
    return names
  } finally {
    await cdp.detach()
  }
}

/** Events a touch makes, as the test frame's document records them for {@link touch}. */
const TOUCH_EVENTS = ['pointerdown', 'touchstart', 'pointerup', 'touchend', 'mousedown', 'mouseup', 'click', 'contextmenu', 'selectionchange']

/**
 * Runs in the test frame: records the events named (pointer events with their `pointerType`) into
 * `window.hakikiTouch`, a promise of the list, until a touch's last event: a tap's click or a long
 * press's context menu (20 s at most, then the list ends with "no click").
 */
function recordTouchEvents(names: string[]): void {
  const seen: string[] = []
  const w = window as unknown as { hakikiTouch?: Promise<string[]> }
  w.hakikiTouch = new Promise((resolve) => {
    const record = (event: Event) => {
      const type = event instanceof PointerEvent ? `${event.type}:${event.pointerType}` : event.type
      if (seen.at(-1) !== type) seen.push(type)
      if (event.type === 'click' || event.type === 'contextmenu') {
        for (const name of names) document.removeEventListener(name, record, true)
        resolve(seen)
      }
    }
    for (const name of names) document.addEventListener(name, record, true)
    // A ceiling, not a wait: what was seen is returned if the touch never ends in either.
    setTimeout(() => resolve([...seen, 'no click']), 20_000)
  })
}

/**
 * A real touch at (x, y) of the test's frame (see the `touch` command), held 1 s for a long press.
 * - Chromium: CDP Input.dispatchTouchEvent with touch emulation on. Headless Chromium makes no
 *   long-press gesture of an injected touch (no contextmenu, with or without moves while held;
 *   Input.synthesizeTapGesture made no click at all): a held touch ends as a tap.
 * - WebKit: none. WebKitGTK's WebDriver takes actions of a `touch` pointer but dispatches mouse
 *   events for them (pointerdown with pointerType "mouse", mousedown, click; no touchstart).
 * - Firefox: none. Playwright's WebDriver BiDi touchscreen is empty (`RawTouchscreenImpl2.tap` does
 *   nothing in playwright-core 1.65) and gated on the context's `hasTouch`, with no long press.
 */
async function touch(context: BrowserCommandContext, kind: 'tap' | 'long-press', x: number, y: number): Promise<string[]> {
  const hold = kind === 'tap' ? 50 : 1_000
  if (context.project.config.browser.name !== 'chromium') throw new Error(`touch: no touch input for ${context.project.config.browser.name}`)
  const { page, frame: getFrame } = context as unknown as { page: Page; frame: () => Promise<Frame> }
  const frame = await getFrame()
  const box = await (await frame.frameElement()).boundingBox()
  if (!box) throw new Error('touch: the test frame has no box')
  const scale = box.width / (await frame.evaluate(() => innerWidth))
  const point = { x: box.x + x * scale, y: box.y + y * scale }
  await frame.evaluate(recordTouchEvents, TOUCH_EVENTS)
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
    await new Promise((resolve) => setTimeout(resolve, hold))
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    // The gesture's own events (a tap's click) come after the touch ends: wait for them before the
    // emulation goes with this session.
    return await frame.evaluate(() => (window as unknown as { hakikiTouch: Promise<string[]> }).hakikiTouch)
  } finally {
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false }).catch(() => {})
    await cdp.detach()
  }
}

/**
 * The files that must start in a page of their own, whose modules are not loaded yet: each checks
 * that a chunk is fetched when it is needed (holding or failing that request), which a page where
 * another file already loaded it cannot show. They keep Vitest's frame per file.
 */
const FRESH_PAGE_FILES = ['src/phone-input-countries.browser.test.tsx', 'src/flow/later-steps.browser.test.tsx', 'src/flow/later-steps-failure.browser.test.tsx', 'src/flow/send-wait.browser.test.tsx', 'src/flow/send-wait-failure.browser.test.tsx', 'src/verification-flow.browser.test.tsx']

/** The browser side of both browser projects (new objects for each: Vitest names the instances it is given). */
const browserOptions = (): BrowserConfigOptions => ({
  enabled: true,
  headless: true,
  // A ceiling for a browser that never connects, not a wait: Vitest's 60 s default ended the runs
  // of a full suite at load ~56 (two suites at once on 2 cores), where a page took longer to start.
  connectTimeout: 180_000,
  // Chromium and Firefox through Playwright, WebKit through webdriverio (build-config/browsers.js);
  // all three by default, `HAKIKI_BROWSERS=chromium` one (a quick local run). Every file runs
  // in every engine; what an engine cannot do is skipped in the test, with the reason
  // (`skipIn`). Firefox's focus is checked before each test (test/setup.ts).
  instances: browserInstances(),
  commands: {
    // Windows' forced colours, for the theme's test (styles.browser.test.tsx). Only
    // Chromium emulates it: Playwright's Firefox (BiDi) and WebDriver classic have no such
    // override, so those engines skip that test.
    emulateForcedColors: async (context, value: 'active' | 'none') => {
      if (context.project.config.browser.name !== 'chromium') throw new Error('emulateForcedColors: Chromium only')
      const { page } = context as unknown as { page: Page }
      await page.emulateMedia({ forcedColors: value })
    },
    // A module request the page makes (a phone region's metadata chunk), held until
    // released or failed like a dropped connection: phone-input-countries.browser.test.tsx.
    // Held by the test server (moduleHolds), so every engine sees the same.
    // Playwright's engines hold them in the page (its requests only); WebDriver classic cannot
    // intercept requests, so WebKit's are held by the test server (moduleHolds).
    holdModule: async (context, file: string) => {
      const hold = heldModule(file)
      heldModules.set(holdKey(context, file), hold)
      if (context.provider.name !== 'playwright') return
      const { page } = context as unknown as { page: Page }
      hold.routed = true
      await page.route(`**/${file}*`, async (route) => {
        hold.hits += 1
        const outcome = await hold.gate
        await (outcome === 'continue' ? route.continue() : route.abort('connectionfailed')).catch((error: unknown) => {
          // The test ended while the request was held (a failure, then `unrouteModule` in its
          // `finally`, which handles the route first): nothing is left to do with it. Thrown on,
          // "Route is already handled" would be all Vitest prints, not the test's own failure.
          if (heldModules.get(holdKey(context, file)) !== hold) return
          throw error
        })
      })
    },
    releaseModule: async (context, file: string, outcome: 'continue' | 'abort') => {
      heldModules.get(holdKey(context, file))?.release(outcome)
    },
    heldModuleRequests: async (context, file: string) => heldModules.get(holdKey(context, file))?.hits ?? 0,
    // The pointer off the page (.storybook/stories.browser.test.tsx, before each story, as
    // @storybook/addon-vitest does): Chromium on Linux may give :hover to whatever is under a
    // pointer that has not moved. Chromium only: Firefox's BiDi refuses a move off the page ("move
    // target out of bounds").
    resetMousePosition: async (context) => {
      if (context.project.config.browser.name !== 'chromium') return
      await (context as unknown as { page: Page }).page.mouse.move(-1000, -1000)
    },
    unrouteModule: async (context, file: string) => {
      const hold = heldModules.get(holdKey(context, file))
      hold?.release('continue')
      heldModules.delete(holdKey(context, file))
      if (hold?.routed) await (context as unknown as { page: Page }).page.unroute(`**/${file}*`)
    },
    // Gives the test's frame the focus (Firefox only, when test/setup.ts finds it does not
    // take focus): a click on the frame's empty top-left corner, as a user's would.
    focusTestFrame: async (context) => {
      if (context.project.config.browser.name !== 'firefox') return
      const { page, frame } = context as unknown as { page: Page; frame: () => Promise<Frame> }
      await page.bringToFront()
      await (await frame()).locator('html').click({ position: { x: 1, y: 1 }, force: true })
    },
    // Text typed through an input method (a Japanese or Chinese IME in full-width mode): each
    // piece is composed, then committed, as Chromium's IME bridge does (CDP Input.imeSetComposition
    // then Input.insertText). Chromium-only; other engines dispatch the same composition events.
    imeType: async (context, pieces: string[]) => {
      if (context.project.config.browser.name !== 'chromium') throw new Error('imeType: Chromium only (CDP)')
      const { page } = context as unknown as { page: Page }
      const cdp = await page.context().newCDPSession(page)
      try {
        for (const text of pieces) {
          await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length })
          await cdp.send('Input.insertText', { text })
        }
      } finally {
        await cdp.detach()
      }
    },
    // A finger on the screen at (x, y) of the test's frame: a tap, or a touch held 1 s (a
    // phone's long press), through the engine's own touch input (Chromium only; see
    // `touch` above for the other engines). Resolves with the events the frame's document saw, in order.
    touch,
    // The names the engine itself computes (its accessibility tree, as screen readers and
    // speech input get it) for the elements matching `selector` in the test's frame.
    accessibleNames,
  },
  screenshotDirectory: '__screenshots__',
  viewport: { width: 800, height: 600 },
})

// The components are tested where they run: in a real Chromium, through Vitest browser mode,
// from the workspace packages' TypeScript source (the `source` condition), with no build step.
export default defineConfig({
  plugins: [react(), moduleHolds()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', 'react-hook-form', 'axe-core', '@testing-library/react'] },
  test: {
    // Vitest's summary, then a line of passed/failed/skipped per engine.
    reporters: ['default', new EngineSummaryReporter()],
    // Ceilings, not waits (see the setup file): `expect.poll` gives up after 1 s by default, a test
    // after 15 s in the browser, both too short on a busy 2-core machine.
    expect: { poll: { timeout: 15_000 } },
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.tsx', '../../.storybook/*.browser.test.tsx'],
          exclude: [...FRESH_PAGE_FILES, '**/node_modules/**'],
          // Every file in one frame, one after another, its modules loaded once (Vitest's isolate):
          // each file's own frame and module graph cost Chromium ~22 % of its CPU (98.6 -> 76.8 CPU s
          // for the whole project, load 18-30). Tests here may not rely on what another file left
          // loaded or unloaded; those that must see a module fetched for the first time run in
          // `browser fresh`, below.
          isolate: false,
          setupFiles: ['./test/setup.ts'],
          browser: browserOptions(),
        },
      },
      {
        extends: true,
        test: {
          name: 'browser fresh',
          include: [...FRESH_PAGE_FILES],
          setupFiles: ['./test/setup.ts'],
          browser: browserOptions(),
        },
      },
      {
        // What runs on a server: rendering to HTML with react-dom/server (a Server Component's
        // first HTML), and checks of the sources themselves. Node, no window, no document.
        extends: true,
        resolve: { conditions: ['source', ...defaultServerConditions] },
        // Node runs the tests in Vite's SSR environment, which reads its own conditions: without
        // `source` there, workspace packages resolve to a `dist/` that only exists after a build.
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
        test: { name: 'server', environment: 'node', include: ['src/**/*.server.test.tsx', 'src/**/*.test.ts'] },
      },
    ],
  },
})
