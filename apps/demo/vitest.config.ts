import { selectedEngines } from '@hakiki/build-config/browsers'
import { EngineSummaryReporter } from '@hakiki/build-config/engine-summary'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// The end-to-end tests run in Node and drive Debian's browsers through playwright-core: one
// production build (global setup), then each file serves it with its own proxy and sandbox on
// free loopback ports, so two files run side by side without sharing any state.
//
// One project per engine: Chromium by default; Firefox ESR too when `HAKIKI_BROWSERS` names it
// (e.g. `HAKIKI_BROWSERS=chromium,firefox`). Not in `pnpm test`: a second pass costs minutes the
// whole suite does not have on 2 cores, and one walk still fails in Firefox: axe on the "expired"
// screen (code-entry) ends Firefox ESR 153's page ("Execution context was destroyed", then the
// browser is gone; axe's legacy mode and without color-contrast alike; not yet explained). The
// other walks of code-entry pass in Firefox since Playwright's Firefox `fill()` reaches React
// (patches/playwright-core*.patch, (3): no code had reached the inbox because the typed number never
// did). The components the walks drive run in Firefox in @hakiki/ui's suite and the stories.
// Never WebKit: Playwright has no driver for Debian's WebKitGTK (see e2e/support/engine.ts).
const engines = process.env.HAKIKI_BROWSERS ? selectedEngines().filter((engine) => engine !== 'webkit') : ['chromium' as const]

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
          globalSetup: ['e2e/support/global-setup.ts'],
          provide: { engine },
        },
      })),
    ],
  },
})
