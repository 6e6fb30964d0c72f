import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defaultClientConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Debian's Chromium, never a downloaded browser; the background-networking flags stop Chromium
// from flooding the closed network with refused connections (see shared/toolchain.md).
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

// The components are tested where they run: in a real Chromium, through Vitest browser mode,
// from the workspace packages' TypeScript source (the `source` condition), with no build step.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', 'react-hook-form', 'axe-core', '@testing-library/react'] },
  test: {
    include: ['src/**/*.browser.test.tsx'],
    setupFiles: ['./test/setup.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      }),
      instances: [{ browser: 'chromium' }],
      screenshotDirectory: '__screenshots__',
      viewport: { width: 800, height: 600 },
    },
  },
})
