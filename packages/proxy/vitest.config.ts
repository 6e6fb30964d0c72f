import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Run every workspace package from its TypeScript source: no build step before tests.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A ceiling for a hang, not a speed check (the benches measure speed): these tests run real
    // HTTP, stores and the sandbox, and beside the browser suites on 2 cores a burst of twelve
    // parallel checks once took 5.3 s at load ~40. Timing-sensitive tests set their own bounds.
    testTimeout: 30_000,
  },
})
