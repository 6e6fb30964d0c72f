import { HANG_BOUNDS } from '@hakiki/build-config/vitest'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Run every workspace package from its TypeScript source: no build step before tests.
// Two projects: `*.test.ts` in Node (machine-free logic, SSR, bundle size, the proxy over real
// HTTP), `*.test.tsx` in jsdom with Testing Library (hooks). Browser tests (`*.browser.test.tsx`)
// of the headless inputs run in @hakiki/ui's Chromium setup, not here.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    // Ceilings, not waits (see test/setup-dom.ts): `expect.poll` gives up after 1 s by default, a test
    // after 5 s, both too short on a busy 2-core machine (build-config/vitest.js).
    expect: { poll: { timeout: 15_000 } },
    ...HANG_BOUNDS,
    // Every file in one worker's module graph, not a fresh one per file (Vitest's isolate): about
    // half the CPU on 2 cores (sandbox 19.6 -> 11.4 CPU s, proxy 40.6 -> 12.1); no test here
    // relies on module state a previous file may have left.
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'test/**/*.test.tsx'],
          exclude: ['**/*.browser.test.tsx', '**/node_modules/**'],
          setupFiles: ['./test/setup-dom.ts'],
        },
      },
    ],
  },
})
