import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One tsc run over every snippet of the repository, and a static Storybook build: slow on a busy 2-core machine.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
})
