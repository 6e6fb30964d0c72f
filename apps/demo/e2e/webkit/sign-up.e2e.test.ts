import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { WEBKIT_CAPABILITIES, startWebKitDriver, stopWebKitDriver } from '@hakiki/build-config/browsers'
import { type Browser, remote } from 'webdriverio'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { startDemo, type RunningDemo } from '../../server/start-demo'
import { freshPhone } from '../support/addresses'
import { waitForMessage, wrongCode } from '../support/flow-actions'

// The demo's main walks in WebKit (Debian's WebKitGTK), driven through WebDriver by webdriverio.
// Playwright, which the other e2e files use, cannot drive WebKitGTK (it speaks classic WebDriver
// only, and Playwright's WebKit is its own patched build): this file says the same things through
// the commands WebDriver has, against the same production build, proxy and sandbox.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let demo: RunningDemo
let browser: Browser

beforeAll(async () => {
  const [running, driver] = await Promise.all([startDemo({ smtp: false, mode: 'preview', port: 0, sandboxPort: 0, quiet: true }), startWebKitDriver()])
  demo = running
  browser = await remote({ hostname: driver.hostname, port: driver.port, capabilities: { ...WEBKIT_CAPABILITIES }, logLevel: 'warn' })
})

afterAll(async () => {
  await browser?.deleteSession().catch(() => {})
  stopWebKitDriver()
  await demo?.close()
})

// Each test starts as a new visitor: the demo keeps its flow in sessionStorage and the proxy's
// session in a cookie (one browser session for the file: WebKitWebDriver runs one at a time).
beforeEach(async () => {
  await browser.url(`${demo.url}/`)
  await browser.execute(() => {
    sessionStorage.clear()
    localStorage.clear()
  })
  await browser.deleteCookies()
})

/** The element whose accessible name is `name` (webdriverio's `aria/` selector), once displayed. */
async function byName(name: string) {
  const element = browser.$(`aria/${name}`)
  await element.waitForDisplayed({ timeout: 30_000 })
  return element
}

/** Waits until the page shows `text` somewhere. */
async function waitForText(text: string): Promise<void> {
  let shown = ''
  await browser
    .waitUntil(async () => (shown = (await browser.execute(() => document.body.innerText)) as string).includes(text), { timeout: 30_000 })
    .catch(() => {
      throw new Error(`the page never showed "${text}"; it showed:\n${shown}`)
    })
}

/** axe (WCAG 2.2 AA) on the page as it is, with a readable list of what it found. */
async function axeViolations(): Promise<string[]> {
  await browser.execute(axeSource)
  return browser.executeAsync((tags: string[], done: (found: string[]) => void) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe
    void axe.run(document, { runOnly: { type: 'tag', values: tags } }).then((result) => done(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)))
  }, TAGS)
}

async function openAndSend(name: string, to: string): Promise<void> {
  await browser.url(`${demo.url}/`)
  await byName('Create your account')
  await (await byName('Full name')).setValue(name)
  await (await byName('Phone number')).setValue(to)
  await (await byName('Send code')).click()
}

/** Types `code` into the code field (WebDriver's Element Send Keys: focus, then one key per digit). */
async function typeCode(code: string): Promise<void> {
  await (await byName('Verification code')).addValue(code)
}

test('sign-up by SMS: a wrong code says so with the attempts left, the right one verifies; axe on each screen', async () => {
  const to = freshPhone('GH')
  await openAndSend('Esi Owusu', to)
  expect(await axeViolations(), 'axe on the address screen').toEqual([])
  const message = await waitForMessage(demo, to)
  await byName('Verification code')
  expect(await axeViolations(), 'axe on the code screen').toEqual([])

  await typeCode(wrongCode(message.code))
  await waitForText('4 attempts left')
  expect(await axeViolations(), 'axe on the wrong-code screen').toEqual([])

  // Empties the field with Backspace (WebDriver's Element Clear would blur it), then the right code.
  await browser.keys(Array(6).fill('Backspace'))
  await typeCode(message.code)
  await waitForText('Welcome, Esi Owusu')
  const receipt = (await browser.execute(() => document.querySelector('dl.demo-receipt')?.textContent ?? '')) as string
  expect(receipt).toContain(message.verificationId)
  expect(await axeViolations(), 'axe on the verified screen').toEqual([])
})

test('an expired code says so, and a new code verifies', async () => {
  const to = freshPhone('NG')
  await openAndSend('Ngozi Adeyemi', to)
  const first = await waitForMessage(demo, to)
  await byName('Verification code')
  await (await byName('Expire the code')).click()
  await waitForText('The clock moved 10 minutes on')
  await typeCode(first.code)
  await waitForText('Your code has expired')
  expect(await axeViolations(), 'axe on the expired screen').toEqual([])

  await (await byName('Send a new code')).click()
  const second = await waitForMessage(demo, to, 2)
  expect(second.verificationId).not.toBe(first.verificationId)
  await typeCode(second.code)
  await waitForText('Welcome, Ngozi Adeyemi')
})
