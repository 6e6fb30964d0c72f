import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // TypeDoc and a TypeScript program over every published package: slow on a busy 2-core machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
})
