import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { chromium, type Browser } from 'playwright-core'

export { CHROMIUM_ARGS, CHROMIUM_PATH }

/** Launches the headless Chromium the end-to-end tests drive. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
}
