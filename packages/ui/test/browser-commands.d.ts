// The commands `vitest.config.ts` adds to Vitest's browser mode (they run in Node, beside
// Playwright), typed once for every browser test that calls them through `commands`. The type
// import makes this file a module, so the block below adds to Vitest's interface instead of
// declaring the module anew.
import type { BrowserCommands as _BrowserCommands } from 'vitest/browser'

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Emulates Windows' forced colours (`forced-colors: active`) or turns it off. */
    emulateForcedColors: (value: 'active' | 'none') => Promise<void>
    /** Holds the page's requests for `file` until {@link releaseModule}. */
    holdModule: (file: string) => Promise<void>
    /** Lets the held requests through (`continue`) or drops them like a lost connection (`abort`), until {@link unrouteModule}. */
    releaseModule: (file: string, outcome: 'continue' | 'abort') => Promise<void>
    /** Stops intercepting `file`. */
    unrouteModule: (file: string) => Promise<void>
    /** How many requests {@link holdModule} met for `file`. */
    heldModuleRequests: (file: string) => Promise<number>
    /** Gives the test's frame the focus (Firefox; a no-op in the other engines). */
    focusTestFrame: () => Promise<void>
    /** Types each of `pieces` through an input method: composed, then committed (Chromium, over CDP). */
    imeType: (pieces: string[]) => Promise<void>
    /** A real touch at (x, y) of the test frame (Chromium): a tap or a 1 s long press; the events the document saw, in order. */
    touch: (kind: 'tap' | 'long-press', x: number, y: number) => Promise<string[]>
    /** The accessible names the engine computes for the elements matching `selector` (Chromium, WebKit). */
    accessibleNames: (selector: string) => Promise<string[]>
  }
}
