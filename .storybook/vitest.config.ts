import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { browserInstances } from '@hakiki/build-config/browsers'
import { EngineSummaryReporter } from '@hakiki/build-config/engine-summary'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { defaultClientConditions } from 'vite'
import { defineConfig } from 'vitest/config'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/**
 * Runs every story (render, play function, axe check) as a test in Debian's Chromium, Firefox ESR
 * and WebKitGTK (build-config/browsers.js; `HAKIKI_BROWSERS=chromium` for one engine).
 */
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  plugins: [storybookTest({ configDir: dirname })],
  test: {
    name: 'storybook',
    // Vitest's summary, then a line of passed/failed/skipped per engine.
    reporters: ['default', new EngineSummaryReporter()],
    // Ceilings, not waits: `expect.poll` gives up after 1 s by default, a test
    // after 15 s in the browser, both too short on a busy 2-core machine.
    expect: { poll: { timeout: 15_000 } },
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      // A ceiling for a browser that never connects (Vitest's 60 s default ended a run at load ~56).
      connectTimeout: 180_000,
      // The whole flow's 46 stories stay Chromium-only for time; the components they are made of run
      // as stories in all three engines (WebKit all 71 since the mixed-provider fixes: 79 s of tests
      // at load 30 here, of which CodeInput and PhoneInput 45 s; the other 42 stories added ~35 s),
      // except four small ones: every play function of theirs repeats a test of the component's own
      // browser test file, which runs in all three engines, and their dark and Arabic stories' axe
      // check runs there too (packages/ui/src/component-themes.browser.test.tsx); each stories file
      // costs Firefox a Storybook page of its own (~8 s of setup at load ~20).
      // The docs pages (*.mdx) hold no test: each still costs a page load, one file at a time in Firefox.
      instances: browserInstances({
        otherEngines: {
          exclude: [
            'packages/ui/src/verification-flow.stories.tsx',
            'packages/ui/src/{attempts-notice,expiry-notice,channel-picker,locale-select}.stories.tsx',
            '**/*.mdx',
          ],
        },
      }),
    },
  },
})
