import { SCREENSHOT_DIR } from './screenshots'
import { buildDemo } from './build-demo'

/**
 * Vitest global setup of the end-to-end tests: one production build for all files (the tests
 * drive what users get, not the dev server), and, at the end, where the screenshots are.
 */
export async function setup(): Promise<() => void> {
  // Each engine's project runs this setup; they share one build.
  const built = globalThis as { hakikiDemoBuild?: Promise<void> }
  await (built.hakikiDemoBuild ??= buildDemo())
  return () => console.info(`\n  Screenshots of the demo's screens: ${SCREENSHOT_DIR}\n`)
}
