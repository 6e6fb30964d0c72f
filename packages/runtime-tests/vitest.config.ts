import { defineConfig } from 'vitest/config'

// No `source` condition: every @hakiki import resolves to the built dist/, as for an npm user.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // Starting a runtime (workerd, Deno, Bun) takes seconds on a busy 2-core machine; each test
    // waits on the runtime's own "listening" line, never on a clock.
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
})
