import { chromium, type Browser } from 'playwright-core'

/**
 * Debian's Chromium, never a downloaded browser. The background-networking flags keep it from
 * flooding the closed network with refused connections (see shared/toolchain.md).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Path of the browser; `CHROME_PATH` overrides it, as Lighthouse reads it too. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** Launches the headless Chromium the end-to-end tests drive. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}
