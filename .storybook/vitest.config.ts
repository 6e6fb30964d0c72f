import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defaultClientConditions } from 'vite'
import { defineConfig } from 'vitest/config'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** Runs every story (render, play function, axe check) as a test in Debian's Chromium. */
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  plugins: [storybookTest({ configDir: dirname })],
  test: {
    name: 'storybook',
    // Ceilings, not waits: `expect.poll` gives up after 1 s by default, a test
    // after 15 s in the browser, both too short on a busy 2-core machine.
    expect: { poll: { timeout: 15_000 } },
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
