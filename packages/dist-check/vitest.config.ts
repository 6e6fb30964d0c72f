import { defineConfig } from 'vitest/config'

// Deliberately no `source` in `resolve.conditions`: every `@hakiki/*` import resolves through the
// `types`/`import` conditions to the built `dist/`, as it would for an npm user.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // Importing the built bundles for the first time is slow on 2 cores; nothing here waits on a clock.
    testTimeout: 30_000,
  },
})
