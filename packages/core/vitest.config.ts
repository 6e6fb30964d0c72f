import { HANG_BOUNDS } from '@hakiki/build-config/vitest'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * Tests of the phone metadata loaded on demand: each starts from what is loaded before its first
 * test, so each gets a module graph of its own.
 */
const ON_DEMAND = ['src/phone/offered-phone-countries.test.ts', 'src/phone/load-phone-regions.test.ts', 'src/phone/phone-differential.test.ts']

// Run every workspace package from its TypeScript source: no build step before tests.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    // Bounds for a hang, not speed goals (build-config/vitest.js): the differential and property
    // tests compare thousands of inputs with libphonenumber-js, CPU work that passed Vitest's 5 s
    // default on a loaded 2-core machine (one country's as-you-type table, at load 30).
    ...HANG_BOUNDS,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...ON_DEMAND, '**/node_modules/**'],
          // Every file in one worker's module graph, not a fresh one per file (Vitest's isolate):
          // about half the CPU on 2 cores (sandbox 19.6 -> 11.4 CPU s, proxy 40.6 -> 12.1).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'core (on demand)', include: ON_DEMAND } },
    ],
  },
})
