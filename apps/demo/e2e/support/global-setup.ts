import type { TestProject } from 'vitest/node'
import { SCREENSHOT_DIR, SCREENSHOTS_WANTED } from './screenshots'
import { buildDemo } from './build-demo'
import { launchBrowserServers } from './engine'

/**
 * Vitest global setup of the end-to-end tests: one production build for all files (the tests
 * drive what users get, not the dev server), the browsers of each Playwright engine that the files of
 * its project connect to (engine.ts: Firefox one per worker), and, at the end, where the screenshots are (a failed test's, and with
 * `HAKIKI_DEMO_SCREENSHOTS=1` the screens').
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Each engine's project runs this setup; they share one build.
  const built = globalThis as { hakikiDemoBuild?: Promise<void> }
  // HAKIKI_DEMO_BUILT=1: dist/ is already the build of this source (a re-run while writing tests).
  if (process.env.HAKIKI_DEMO_BUILT !== '1') await (built.hakikiDemoBuild ??= buildDemo())
  const engine = project.config.provide?.engine
  const servers = engine ? await launchBrowserServers(engine, project.vitest.config.maxWorkers) : []
  if (servers.length > 0) project.provide('browserEndpoints', servers.map((server) => server.wsEndpoint()))
  return async () => {
    await Promise.all(servers.map((server) => server.close()))
    console.info(`\n  Screenshots of ${SCREENSHOTS_WANTED ? "the demo's screens" : 'failed tests (HAKIKI_DEMO_SCREENSHOTS=1: every screen)'}: ${SCREENSHOT_DIR}\n`)
  }
}
