import { HANG_BOUNDS } from '@hakiki/build-config/vitest'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Run every workspace package from its TypeScript source: no build step before tests.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    // Bounds for a hang, not speed goals (build-config/vitest.js).
    ...HANG_BOUNDS,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
})
