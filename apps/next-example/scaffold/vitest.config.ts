import { defineConfig } from 'vitest/config'

// The fresh create-next-app test on its own (`pnpm --filter @hakiki/next-example test:scaffold`):
// it needs the npm registry and runs as its own group of the root `pnpm test`, beside the others.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['*.e2e.test.ts'],
    // Ceilings, not waits: conditions end every wait; a busy 2-core machine needs the room.
    testTimeout: 120_000,
    hookTimeout: 1_200_000,
    expect: { poll: { timeout: 30_000 } },
  },
})
