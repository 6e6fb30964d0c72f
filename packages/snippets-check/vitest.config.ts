import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The workspace packages from their source (the site test reads @hakiki/core's problem codes).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One tsc run over every snippet of the repository, and a static Storybook build: slow on a busy
    // 2-core machine. Ceilings for a hang, not speed: the build (~30 CPU s) took 658 s of wall in a
    // full run at load 35-57, past the 600 s this hook had.
    testTimeout: 300_000,
    hookTimeout: 1_200_000,
    // Every file in one worker's module graph, not a fresh one per file (Vitest's isolate): about
    // half the CPU on 2 cores (sandbox 19.6 -> 11.4 CPU s, proxy 40.6 -> 12.1); no test here
    // relies on module state a previous file may have left.
    isolate: false,
  },
})
