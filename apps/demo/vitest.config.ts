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
// above cannot run there; e2e/webkit/ walks the same paths through WebDriver (webdriverio), its own
// project, when WebKit is selected (what WebDriver cannot do: e2e/webkit/webkit-demo.ts).
const engines = selectedEngines().filter((engine) => engine !== 'webkit')

// What these files test is the server's delivery (Twilio's dialect, the kit's own delivery, a real
// Postfix); the page's part is channels.e2e.test.ts's walk, which every engine runs. Chromium runs
// them (another engine when Chromium is not selected); Firefox too would add ~50 s of a loaded
// machine and nothing it could catch.
const SERVER_PROVIDER_FILES = ['e2e/twilio.e2e.test.ts', 'e2e/own-delivery.e2e.test.ts', 'e2e/own-delivery-postfix.e2e.test.ts']
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
    // Two files at a time is what 2 cores carry. The e2e projects run their files in the same
    // workers without re-importing: each file's import of Vite, the proxy, the sandbox and the
    // engine cost ~11 s of a loaded machine (270 s for 24 files); a file's state is what its hooks
    // start and end (its demo, its browser connection, WebKit's driver).
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
          exclude: ['e2e/webkit/**', '**/node_modules/**', ...(engine !== 'chromium' && engines.includes('chromium') ? SERVER_PROVIDER_FILES : [])],
          globalSetup: ['e2e/support/global-setup.ts'],
          provide: { engine },
          isolate: false,
        },
      })),
      ...(webkit
        ? [
            {
              extends: true as const,
              test: { name: 'e2e (webkit)', include: ['e2e/webkit/**/*.e2e.test.ts'], globalSetup: ['e2e/support/global-setup.ts'], isolate: false },
            },
          ]
        : []),
    ],
  },
})
