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
    // Every file in one worker's module graph, not a fresh one per file (Vitest's isolate): about
    // half the CPU on 2 cores (sandbox 19.6 -> 11.4 CPU s, proxy 40.6 -> 12.1); no test here
    // relies on module state a previous file may have left.
    isolate: false,
  },
})
