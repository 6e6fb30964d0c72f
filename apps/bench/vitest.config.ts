import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace packages run from their TypeScript source (the proxy smoke test imports the proxy,
// the sandbox and the Verify client). The smoke tests start Chromium and a load process: give
// them time on a busy machine.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts'],
    // Ceilings for a hang, not speed (the budgets are sizes, not times): bundling VerificationFlow in
    // three bundlers and the proxy's tiny workload took past 60 s, and removing the packed app past
    // the 10 s hook default, in full runs at load 35-57.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // Every file in one worker's module graph, not a fresh one per file (Vitest's isolate): about
    // half the CPU on 2 cores (sandbox 19.6 -> 11.4 CPU s, proxy 40.6 -> 12.1); no test here
    // relies on module state a previous file may have left.
    isolate: false,
  },
})
