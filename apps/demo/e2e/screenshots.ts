/**
 * `pnpm --filter @hakiki/demo screenshots`: builds the demo, serves it with its proxy and the
 * sandbox (as the end-to-end tests do) and writes PNGs of the main screens for a reviewer to look
 * at, at 320, 360 and 1280 px wide, in light, dark and Arabic (right to left), to
 * `test-results/screens/<width>-<variant>-<screen>.png` (git-ignored). Not part of `pnpm test`:
 * it checks nothing, it shows. `--only 320` or `--only ar` narrows the set.
 *
 * Screens: the address step, the country list open, a field error (below "Send code"), the code
 * step, a wrong code, recovery from an expired code ("Send a new code", through the demo's
 * "Expire the code" fault), and verified. Selectors go by the kit's `data-part`s, not by English
 * names, so the Arabic run walks the same path.
 */
import { mkdir, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { startDemo, type RunningDemo } from '../server/start-demo'
import { freshPhone } from './support/addresses'
import { buildDemo } from './support/build-demo'
import { launchChromium } from './support/chromium'

const OUT = fileURLToPath(new URL('../test-results/screens', import.meta.url))
const WIDTHS = [320, 360, 1280] as const
const VARIANTS = {
  light: { colorScheme: 'light', query: '?locale=en' },
  dark: { colorScheme: 'dark', query: '?locale=en' },
  ar: { colorScheme: 'light', query: '?locale=ar' },
} as const satisfies Record<string, { colorScheme: BrowserContextOptions['colorScheme']; query: string }>

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined

async function shoot(page: Page, name: string): Promise<void> {
  // Let transitions and the countdown's first tick settle; fonts are local.
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true, animations: 'disabled', caret: 'hide' })
  console.info(`  ${name}.png`)
}

/** The code of the `nth` message the sandbox sent to `to` (the newest once there are that many). */
async function codeFor(demo: RunningDemo, to: string, nth = 1): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const messages = demo.sandbox.inbox.list({ to })
    const [newest] = messages
    if (newest && messages.length >= nth) return newest.code
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no code #${nth} reached ${to}`)
}

async function walk(page: Page, demo: RunningDemo, prefix: string, query: string): Promise<void> {
  const flow = page.locator('.hakiki-flow')
  await page.goto(`${demo.url}/${query}`)
  await flow.waitFor()
  await page.locator('input[autocomplete="name"]').fill('Ama Mensah')
  await shoot(page, `${prefix}-1-address`)

  await flow.locator('[data-part="trigger"]').click()
  await flow.locator('[data-part="listbox"]').waitFor()
  await page.keyboard.type('ni')
  await shoot(page, `${prefix}-2-country-list`)
  await page.keyboard.press('Escape')

  const phone = flow.locator('.hakiki-phone [data-part="input"]')
  await phone.fill('024123')
  await phone.blur()
  await flow.locator('.hakiki-phone [data-part="error"]:not(:empty)').waitFor()
  await shoot(page, `${prefix}-3-field-error`)

  const to = freshPhone('GH')
  await phone.fill(to)
  await flow.locator('button[data-part="submit"]').click()
  const code = await codeFor(demo, to)
  const codeInput = flow.locator('.hakiki-code [data-part="input"]')
  await codeInput.waitFor()
  await shoot(page, `${prefix}-4-code`)

  await codeInput.click()
  await page.keyboard.type(code.replace(/^./, (d) => String((Number(d) + 1) % 10)))
  await flow.locator('.hakiki-code[data-invalid], [data-part="error"]:not(:empty)').first().waitFor()
  await shoot(page, `${prefix}-5-wrong-code`)

  // Recovery: the demo's fault moves the sandbox's clock 10 minutes on, so the code has expired.
  await page.locator('[data-fault="expire-code"]').click()
  await codeInput.fill('')
  await codeInput.click()
  await page.keyboard.type(code)
  const newCode = flow.locator('[data-step="problem"] button[data-part="new-code"]')
  await newCode.waitFor()
  await shoot(page, `${prefix}-6-recovery-expired`)

  await newCode.click()
  const second = await codeFor(demo, to, 2)
  await codeInput.waitFor()
  await codeInput.click()
  await page.keyboard.type(second)
  await page.locator('dl.demo-receipt').waitFor({ timeout: 15_000 })
  await shoot(page, `${prefix}-7-verified`)
}

await buildDemo()
const demo = await startDemo({ mode: 'preview', port: 0, sandboxPort: 0, quiet: true })
const browser = await launchChromium()
let failed = false
try {
  await rm(OUT, { recursive: true, force: true })
  await mkdir(OUT, { recursive: true })
  for (const width of WIDTHS) {
    for (const [variant, { colorScheme, query }] of Object.entries(VARIANTS)) {
      if (only && only !== String(width) && only !== variant) continue
      const context = await browser.newContext({ viewport: { width, height: width < 1000 ? 740 : 900 }, colorScheme, locale: 'en-US' })
      const page = await context.newPage()
      try {
        await walk(page, demo, `${width}-${variant}`, query)
      } catch (error) {
        failed = true
        console.error(`${width}-${variant}: stopped:`, error)
        await shoot(page, `${width}-${variant}-x-failed`).catch(() => {})
      } finally {
        await context.close()
      }
    }
  }
  console.info(`Screenshots in ${OUT}`)
} finally {
  await browser.close()
  await demo.close()
}
process.exitCode = failed ? 1 : 0
