import { defineConfig } from 'vitest/config'

// The end-to-end test runs in Node and drives Debian's Chromium through playwright-core against
// `next start` of one production build (global setup), with the sandbox on loopback.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts', 'server/**/*.test.ts', 'app/**/*.test.ts', 'scaffold/guide-steps.test.ts', 'scaffold/express-guide.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // Ceilings, not waits: conditions end every wait; a busy 2-core machine needs the room.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 30_000 } },
  },
})
