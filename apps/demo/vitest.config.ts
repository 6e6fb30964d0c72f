import { selectedEngines } from '@hakiki/build-config/browsers'
import { EngineSummaryReporter } from '@hakiki/build-config/engine-summary'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// The end-to-end tests run in Node and drive Debian's browsers through playwright-core: one
// production build (global setup), then each file serves it with its own proxy and sandbox on
// free loopback ports, so two files run side by side without sharing any state.
//
// One project per engine: Chromium and Firefox ESR by default (`HAKIKI_BROWSERS` picks fewer). Firefox
// ran opt-in while axe on the "expired" screen ended its page: Firefox ESR 153's content process
// crashes (SIGSEGV) once `element.ariaLabelledByElements` has been read in two realms of a page,
// here Playwright's utility world (getByRole with a name) and axe's aria-allowed-attr check in the
// page; Playwright reads the ids instead in Firefox (patches/playwright-core*.patch, (4)). Other
// engine differences are absorbed in e2e/support (a real paste, Firefox's colour scheme and phone
// scrollbars in engine.ts).
// WebKit: Playwright has no driver for Debian's WebKitGTK (see e2e/support/engine.ts), so the walks
// above cannot run there; e2e/webkit/ walks the main paths through WebDriver (webdriverio), its own
// project, when WebKit is selected.
const engines = selectedEngines().filter((engine) => engine !== 'webkit')
const webkit = selectedEngines().includes('webkit')

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    environment: 'node',
    reporters: ['default', new EngineSummaryReporter()],
    // Ceilings for a hung test, not waits: every step waits on a condition. A busy 2-core machine
    // (CI beside other work) makes a four-screen axe walk take well over 30 s, which is not a bug.
    expect: { poll: { timeout: 30_000 } },
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One browser per file: two at a time is what 2 cores carry.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['server/**/*.test.ts', 'src/**/*.test.ts'] },
      },
      ...engines.map((engine) => ({
        extends: true as const,
        test: {
          name: `e2e (${engine})`,
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ['e2e/webkit/**', '**/node_modules/**'],
          globalSetup: ['e2e/support/global-setup.ts'],
          provide: { engine },
        },
      })),
      ...(webkit
        ? [
            {
              extends: true as const,
              test: { name: 'e2e (webkit)', include: ['e2e/webkit/**/*.e2e.test.ts'], globalSetup: ['e2e/support/global-setup.ts'] },
            },
          ]
        : []),
    ],
  },
})
