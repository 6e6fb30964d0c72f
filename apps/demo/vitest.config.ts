import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// The end-to-end tests run in Node and drive Debian's Chromium through playwright-core: one
// production build (global setup), then each file serves it with its own proxy and sandbox on
// free loopback ports, so two files run side by side without sharing any state.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts', 'server/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // Ceilings for a hung test, not waits: every step waits on a condition. A busy 2-core machine
    // (CI beside other work) makes a four-screen axe walk take well over 30 s, which is not a bug.
    expect: { poll: { timeout: 30_000 } },
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One Chromium per file: two at a time is what 2 cores carry.
    maxWorkers: 2,
  },
})
