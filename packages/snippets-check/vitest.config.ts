import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The workspace packages from their source (the site test reads @hakiki/core's problem codes).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One tsc run over every snippet of the repository, and a static Storybook build: slow on a busy 2-core machine.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
})
