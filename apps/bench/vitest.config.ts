import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace packages run from their TypeScript source (the proxy smoke test imports the proxy,
// the sandbox and the Verify client). The smoke tests start Chromium and a load process: give
// them time on a busy machine.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000 },
})
