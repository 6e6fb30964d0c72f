import react from '@vitejs/plugin-react'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { playwright } from '@vitest/browser-playwright'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** Gates of the module requests `holdModule` holds, by file pattern, and how many requests each met. */
const heldModules = new Map<string, { release: (outcome: 'continue' | 'abort') => void; hits: number }>()

// The components are tested where they run: in a real Chromium, through Vitest browser mode,
// from the workspace packages' TypeScript source (the `source` condition), with no build step.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', 'react-hook-form', 'axe-core', '@testing-library/react'] },
  test: {
    // Ceilings, not waits (see the setup file): `expect.poll` gives up after 1 s by default, a test
    // after 15 s in the browser, both too short on a busy 2-core machine.
    expect: { poll: { timeout: 15_000 } },
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.tsx'],
          setupFiles: ['./test/setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
            }),
            instances: [{ browser: 'chromium' }],
            // Windows' forced colours, for the theme's test (styles.browser.test.tsx).
            commands: {
              emulateForcedColors: async ({ page }, value: 'active' | 'none') => {
                await page.emulateMedia({ forcedColors: value })
              },
              // A module request the page makes (a phone region's metadata chunk), held until
              // released or failed like a dropped connection: phone-input-countries.browser.test.tsx.
              holdModule: async ({ page }, file: string) => {
                const gate = new Promise<'continue' | 'abort'>((resolve) => heldModules.set(file, { release: resolve, hits: 0 }))
                await page.route(`**/${file}*`, async (route) => {
                  const held = heldModules.get(file)
                  if (held) held.hits += 1
                  return (await gate) === 'continue' ? route.continue() : route.abort('connectionfailed')
                })
              },
              releaseModule: async (_context, file: string, outcome: 'continue' | 'abort') => {
                heldModules.get(file)?.release(outcome)
              },
              heldModuleRequests: async (_context, file: string) => heldModules.get(file)?.hits ?? 0,
              unrouteModule: async ({ page }, file: string) => {
                await page.unroute(`**/${file}*`)
              },
              // Text typed through an input method (a Japanese or Chinese IME in full-width mode): each
              // piece is composed, then committed, as Chromium's IME bridge does (CDP Input.imeSetComposition
              // then Input.insertText). Chromium-only; other engines dispatch the same composition events.
              imeType: async ({ page }, pieces: string[]) => {
                const cdp = await page.context().newCDPSession(page)
                try {
                  for (const text of pieces) {
                    await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length })
                    await cdp.send('Input.insertText', { text })
                  }
                } finally {
                  await cdp.detach()
                }
              },
              // The names Chromium itself computes (its accessibility tree, as screen readers and
              // speech input get it) for the elements matching `selector` in the test's frame.
              accessibleNames: async ({ page }, selector: string) => {
                const cdp = await page.context().newCDPSession(page)
                try {
                  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true })
                  const documents: number[] = []
                  const walk = (node: typeof root): void => {
                    if (node.nodeName === '#document') documents.push(node.nodeId)
                    for (const child of [...(node.children ?? []), ...(node.contentDocument ? [node.contentDocument] : [])]) walk(child)
                  }
                  walk(root)
                  const names: string[] = []
                  for (const nodeId of documents) {
                    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId, selector })
                    for (const id of nodeIds) {
                      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId: id, fetchRelatives: false })
                      names.push(String(nodes[0]?.name?.value ?? ''))
                    }
                  }
                  return names
                } finally {
                  await cdp.detach()
                }
              },
            },
            screenshotDirectory: '__screenshots__',
            viewport: { width: 800, height: 600 },
          },
        },
      },
      {
        // What runs on a server: rendering to HTML with react-dom/server (a Server Component's
        // first HTML), and checks of the sources themselves. Node, no window, no document.
        extends: true,
        resolve: { conditions: ['source', ...defaultServerConditions] },
        // Node runs the tests in Vite's SSR environment, which reads its own conditions: without
        // `source` there, workspace packages resolve to a `dist/` that only exists after a build.
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
        test: { name: 'server', environment: 'node', include: ['src/**/*.server.test.tsx', 'src/**/*.test.ts'] },
      },
    ],
  },
})
