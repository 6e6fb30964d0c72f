import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Run every workspace package from its TypeScript source: no build step before tests.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A ceiling, not a goal: the differential and property tests compare thousands of inputs with
    // libphonenumber-js, CPU work that passed Vitest's 5 s default on a loaded 2-core machine (one
    // country's as-you-type table, in a full CI run at load 30). Speed is measured by the benches.
    testTimeout: 30_000,
  },
})
