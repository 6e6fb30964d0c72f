// Plain JavaScript for the same reason as chromium.js: Vitest configs and Node scripts load it
// through `exports` without transpiling workspace TypeScript.
//
// The three engines the browser tests run in, all Debian packages, none downloaded:
// - Chromium (`chromium`) through Playwright (see chromium.js);
// - Firefox ESR (`firefox-esr`) through Playwright's `moz-firefox` channel: Firefox speaks WebDriver
//   BiDi itself, so no geckodriver (patches/playwright-core*.patch covers the one BiDi command
//   Playwright 1.65 sends that ESR 153 lacks);
// - WebKitGTK (`webkit2gtk-driver`): WebKitWebDriver starts MiniBrowser, a WebKit browser with a
//   window, so it gets an X display of its own (`xvfb`). Driven through webdriverio with classic
//   WebDriver (WebKitWebDriver has no BiDi).

import { spawn } from 'node:child_process'
import { openSync } from 'node:fs'
import { createServer } from 'node:net'
import { playwright } from '@vitest/browser-playwright'
import { webdriverio, WebdriverBrowserProvider } from '@vitest/browser-webdriverio'
import { firefox } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js'

/** Debian's Firefox ESR: `FIREFOX_PATH` overrides it. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** Debian's WebKitGTK WebDriver (package `webkit2gtk-driver`): `WEBKIT_DRIVER_PATH` overrides it. */
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'

/** Every engine, in the order tests report them. */
export const ENGINES = Object.freeze(['chromium', 'firefox', 'webkit'])

/**
 * The engines a run uses unless told otherwise: all three. (WebKit was opt-in while its runs beside
 * Chromium and Firefox lost elements: Vitest 4.1 served every page the first project's provider
 * name and only the last project's locators, fixed by patches/@vitest__browser*.patch.)
 */
export const DEFAULT_ENGINES = Object.freeze(['chromium', 'firefox', 'webkit'])

/**
 * The engines to run: `HAKIKI_BROWSERS` (comma-separated, e.g. `chromium` for a quick local run,
 * `chromium,firefox,webkit` for all three), else {@link DEFAULT_ENGINES}. An unknown name is an
 * error, not a silently smaller run.
 */
export function selectedEngines() {
  const wanted = process.env.HAKIKI_BROWSERS?.split(',').map((name) => name.trim()).filter(Boolean)
  if (!wanted?.length) return [...DEFAULT_ENGINES]
  for (const name of wanted) {
    if (!ENGINES.includes(name)) throw new Error(`HAKIKI_BROWSERS: unknown engine "${name}" (known: ${ENGINES.join(', ')})`)
  }
  return ENGINES.filter((name) => wanted.includes(name))
}

/**
 * Firefox preferences of every test run. `focusmanager.testingmode` (what Mozilla's own test
 * harnesses set) keeps each tab behaving as focused: Playwright emulates that for Chromium only,
 * and without it a Tab out of a page, or another tab, takes the focus from the tests' fields.
 */
export const FIREFOX_PREFS = Object.freeze({ 'focusmanager.testingmode': true })

/**
 * Launches headless Firefox ESR through playwright-core (end-to-end tests, scripts); `prefs` are
 * added to {@link FIREFOX_PREFS} (a browser's preferences hold for all its pages: what Playwright
 * emulates per context in Chromium, e.g. a dark colour scheme, takes a browser of its own here).
 * @param {{ prefs?: Record<string, boolean | number | string> }} [options]
 */
export function launchFirefox(options = {}) {
  return firefox.launch({ channel: 'moz-firefox', executablePath: FIREFOX_PATH, headless: true, firefoxUserPrefs: { ...FIREFOX_PREFS, ...options.prefs } })
}

/** Children this process started (Xvfb, WebKitWebDriver), ended when it exits. */
const children = new Set()
process.once('exit', () => {
  for (const child of children) child.kill()
})

function track(child) {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

/** A free loopback TCP port (WebKitWebDriver takes a port, it cannot pick one and say which). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts a private X server and resolves with its `:N`. N is drawn at random far above the usual
 * :0 and :99 (other tools' Xvfb here, whose exit removes the socket files of their display);
 * `-displayfd` tells when it is ready, and a taken number is tried again with another.
 */
async function startXvfb() {
  for (let attempt = 1; ; attempt++) {
    const number = 200 + Math.floor(Math.random() * 60_000)
    try {
      return await startXvfbOn(number)
    } catch (error) {
      if (attempt === 5) throw error
    }
  }
}

function startXvfbOn(number) {
  return new Promise((resolve, reject) => {
    const xvfb = track(
      spawn('Xvfb', [`:${number}`, '-displayfd', '3', '-noreset', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
        // Its stderr is not read: Xvfb keeps writing warnings there, and a closed pipe would kill it.
        stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      }),
    )
    xvfb.once('error', (error) => reject(new Error(`Xvfb did not start (Debian package xvfb, see .ci/setup): ${error.message}`)))
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code} before it had display :${number}`)))
    xvfb.stdio[3].once('data', (data) => {
      // Started. Its pipes stay open (an X server that writes to a closed pipe dies) but must not
      // keep the test runner alive at its end; -noreset keeps it from resetting (and writing again)
      // each time its last client leaves.
      xvfb.stdio[3].resume()
      xvfb.stdio[3].unref?.()
      xvfb.unref()
      resolve(`:${String(data).trim()}`)
    })
  })
}

/** Resolves once the driver's WebDriver status endpoint answers; rejects if it exits first. */
async function waitForDriver(driver, port) {
  let exited = null
  driver.once('exit', (code) => (exited = code))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (exited !== null) throw new Error(`WebKitWebDriver exited with ${exited}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch {
      // Not listening yet: the condition below bounds the wait.
    }
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not answer within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** This process's private X server (started once, ended when the process exits), unless `HAKIKI_DISPLAY` names one. */
let xDisplay = null

/**
 * Starts a WebKitWebDriver of its own on a free loopback port, on this process's X display (see
 * {@link startWebKitDriver}), and resolves once it answers. WebKitWebDriver holds one session at a
 * time: each Vitest project that drives WebKit gets a driver of its own.
 * @returns {Promise<{ hostname: string, port: number, display: string, stop: () => void }>}
 */
async function launchWebKitDriver() {
  xDisplay ??= process.env.HAKIKI_DISPLAY ? Promise.resolve(process.env.HAKIKI_DISPLAY) : startXvfb()
  const display = await xDisplay
  const port = await freePort()
  const logFile = process.env.WEBKIT_DRIVER_LOG ? openSync(process.env.WEBKIT_DRIVER_LOG, 'a') : 'pipe'
  const driver = track(
    spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: display },
      // WEBKIT_DRIVER_LOG=file keeps the driver's and MiniBrowser's messages (debugging a launch);
      // else they are read and dropped (with its output on /dev/null, sessions hung at times here).
      stdio: ['ignore', logFile, logFile],
    }),
  )
  driver.stdout?.resume()
  driver.stderr?.resume()
  await new Promise((resolve, reject) => {
    driver.once('spawn', resolve)
    driver.once('error', (error) => reject(new Error(`WebKitWebDriver did not start (Debian package webkit2gtk-driver, see .ci/setup): ${error.message}`)))
  })
  await waitForDriver(driver, port)
  // Not unref()'d: WebKitWebDriver then stops answering new sessions (seen here, cause unknown).
  // Its user ends it (stop, stopWebKitDriver) when the tests are done.
  return { hostname: '127.0.0.1', port, display, stop: () => driver.kill() }
}

let webkitDriver = null

/**
 * Starts (once per process) WebKitWebDriver on a free loopback port, on a private Xvfb display
 * unless `HAKIKI_DISPLAY` names one to use. Both end when this process exits.
 * @returns {Promise<{ hostname: string, port: number, display: string }>}
 */
export function startWebKitDriver() {
  webkitDriver ??= launchWebKitDriver()
  return webkitDriver
}

/** Ends what {@link startWebKitDriver} started (the next call starts them again). */
export function stopWebKitDriver() {
  webkitDriver = null
  xDisplay = null
  for (const child of children) child.kill()
}

/** The capabilities that make webdriverio drive WebKitGTK's MiniBrowser (it has no BiDi). */
export const WEBKIT_CAPABILITIES = Object.freeze({ browserName: 'MiniBrowser', 'wdio:enforceWebDriverClassic': true })

/**
 * Vitest's webdriverio provider aimed at WebKitGTK: it starts a WebKitWebDriver of its own (and the
 * process's Xvfb) when its first test file opens, not when a config is read, and asks for MiniBrowser. Vitest's own
 * provider only knows the four desktop browsers that come with a downloadable driver.
 */
class WebKitGtkProvider extends WebdriverBrowserProvider {
  getSupportedBrowsers() {
    return ['webkit']
  }

  async openBrowser() {
    if (!this.browser) {
      // A driver of its own: another project's session may still be open on the other.
      this.driver ??= launchWebKitDriver()
      const { hostname, port } = await this.driver
      this.options = { ...this.options, hostname, port }
    }
    return super.openBrowser()
  }

  buildCapabilities() {
    return { ...this.options?.capabilities, ...WEBKIT_CAPABILITIES }
  }

  async close() {
    try {
      await super.close()
    } finally {
      const driver = this.driver
      this.driver = undefined
      if (driver) (await driver).stop()
    }
  }
}

function webkitProvider() {
  const base = webdriverio({})
  return { ...base, supportedBrowser: ['webkit'], providerFactory: (project) => new WebKitGtkProvider(project, {}) }
}

/**
 * The page Playwright opens for the tests (Chromium, Firefox): large enough for every test frame
 * a test asks for (up to 1024 px high), so Vitest never shrinks the frame with a CSS `scale()` to fit
 * Playwright's default 1280×720 page. In a scaled frame Firefox's clicks failed ("element is not
 * visible" after scrolling, until the test's timeout: the flow's 320×800 cases), and every engine
 * drew the test at 0.9 of its size.
 */
const PAGE = Object.freeze({ viewport: { width: 1280, height: 1024 } })

/** An instance's `exclude`: the files, and node_modules as Vitest's default has it. */
function excluded(files) {
  return files.length ? { exclude: [...files, '**/node_modules/**'] } : {}
}

/**
 * Vitest browser `instances`, one per selected engine (see {@link selectedEngines}), each with its
 * provider. Chromium and Firefox through Playwright, WebKit through webdriverio.
 * @param {{ chromiumArgs?: readonly string[], otherEngines?: { exclude?: string[] }, firefox?: { exclude?: string[] }, webkit?: { include?: string[], exclude?: string[] } }} [options]
 *   `chromiumArgs`: extra Chromium flags; `otherEngines.exclude`: test files Firefox and WebKit skip
 *   (Chromium runs them all), each with its reason where the config lists it; `firefox.exclude`:
 *   files Firefox alone skips (`webkit.exclude`: WebKit alone); `webkit.include`: the only files
 *   WebKit runs (a subset, for time), else all that Firefox runs.
 */
export function browserInstances(options = {}) {
  const instances = {
    chromium: {
      browser: 'chromium',
      provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...(options.chromiumArgs ?? [])] }, contextOptions: PAGE }),
    },
    firefox: {
      ...excluded([...(options.otherEngines?.exclude ?? []), ...(options.firefox?.exclude ?? [])]),
      browser: 'firefox',
      // One file at a time: Playwright emulates a focused page per tab in Chromium only; Firefox
      // tabs running side by side take the focus from each other (blur, lost keys, flaky tests).
      fileParallelism: false,
      provider: playwright({ launchOptions: { channel: 'moz-firefox', executablePath: FIREFOX_PATH, firefoxUserPrefs: FIREFOX_PREFS }, contextOptions: PAGE }),
    },
    webkit: {
      ...excluded([...(options.otherEngines?.exclude ?? []), ...(options.webkit?.exclude ?? [])]),
      ...(options.webkit?.include ? { include: [...options.webkit.include] } : {}),
      browser: 'webkit',
      provider: webkitProvider(),
    },
  }
  return selectedEngines().map((engine) => instances[engine])
}
