import { defineConfig } from 'vitest/config'

// Deliberately no `source` in `resolve.conditions`: every `@hakiki/*` import resolves through the
// `types`/`import` conditions to the built `dist/`, as it would for an npm user.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // Ceilings for a hang, not speed: nothing here waits on a clock, but a strict tsc of the packed
    // app, a Vite build or removing the app's node_modules took past 30 s (tests) and 10 s (hooks) in
    // a full run at load 35-57 on 2 cores.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
})
