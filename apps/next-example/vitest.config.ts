import { defineConfig } from 'vitest/config'

// The end-to-end test runs in Node and drives Debian's Chromium through playwright-core against
// `next start` of one production build (global setup), with the sandbox on loopback.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts', 'server/**/*.test.ts', 'app/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
