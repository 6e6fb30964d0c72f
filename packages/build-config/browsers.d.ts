import type { Browser } from 'playwright-core'
import type { BrowserInstanceOption } from 'vitest/node'

/** Debian's Firefox ESR: `FIREFOX_PATH` overrides it. */
export declare const FIREFOX_PATH: string
/** Debian's WebKitGTK WebDriver (package `webkit2gtk-driver`): `WEBKIT_DRIVER_PATH` overrides it. */
export declare const WEBKIT_DRIVER_PATH: string
/** A browser engine the tests run in. */
export type Engine = 'chromium' | 'firefox' | 'webkit'
/** Every engine, in the order tests report them. */
export declare const ENGINES: readonly Engine[]
/** The engines a run uses unless `HAKIKI_BROWSERS` says otherwise: Chromium, Firefox and WebKit. */
export declare const DEFAULT_ENGINES: readonly Engine[]
/** The engines to run: `HAKIKI_BROWSERS` (comma-separated), else {@link DEFAULT_ENGINES}. Throws on an unknown name. */
export declare function selectedEngines(): Engine[]
/** Launches headless Firefox ESR through playwright-core; `prefs` are added to {@link FIREFOX_PREFS} for this browser. */
export declare function launchFirefox(options?: { prefs?: Record<string, boolean | number | string> }): Promise<Browser>
/** Starts (once per process) WebKitWebDriver on a free loopback port and a private Xvfb display; both end with the process. */
export declare function startWebKitDriver(): Promise<{ hostname: string; port: number; display: string }>
/** The capabilities that make webdriverio drive WebKitGTK's MiniBrowser. */
export declare const WEBKIT_CAPABILITIES: Readonly<{ browserName: 'MiniBrowser'; 'wdio:enforceWebDriverClassic': true }>
/**
 * Vitest browser `instances`, one per selected engine, each with its provider. `otherEngines.exclude`
 * lists test files only Chromium runs; `firefox.exclude` / `webkit.exclude` files that engine alone skips; `webkit.include`,
 * when given, the only files WebKit runs.
 */
export declare function browserInstances(options?: {
  chromiumArgs?: readonly string[]
  otherEngines?: { exclude?: string[] }
  firefox?: { exclude?: string[] }
  webkit?: { include?: string[]; exclude?: string[] }
}): BrowserInstanceOption[]
/** Ends what {@link startWebKitDriver} started. */
export declare function stopWebKitDriver(): void
/** Firefox preferences of every test run (focus kept in each tab, as Playwright emulates for Chromium). */
export declare const FIREFOX_PREFS: Readonly<Record<string, boolean | number | string>>
