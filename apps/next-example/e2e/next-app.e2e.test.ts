import { readFileSync } from 'node:fs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startNextApp, type RunningNextApp } from './support/start-next-app'

let app: RunningNextApp
let browser: Browser
let context: BrowserContext
let page: Page
/** Uncaught errors and console errors of the page (a hydration mismatch is logged as one). */
let pageErrors: string[]

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startNextApp(), chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })])
})

afterAll(async () => {
  await browser?.close()
  await app?.close()
})

beforeEach(async () => {
  pageErrors = []
  context = await browser.newContext({ locale: 'en-US' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`${message.text()} (${message.location().url})`)
  })
})

afterEach(async ({ task }) => {
  await context.close()
  if (task.result?.state === 'fail') console.error(`next start output:\n${app.output()}`)
  // A hydration mismatch is only a console error: fail the test on any error the page logged.
  if (pageErrors.length > 0) throw new Error(`errors in the page:\n${pageErrors.join('\n')}`)
})

let counter = 0
/** A fresh Ghanaian mobile number per test, so the proxy's per-address limits never mix tests. */
function freshPhone(): string {
  counter += 1
  return `+23324${String(1_000_000 + counter * 7919 + Math.floor(Math.random() * 1000)).slice(-7)}`
}

/** Waits until the sandbox "sent" a message to `to` and returns it. */
async function messageTo(to: string) {
  await expect.poll(() => app.sandbox.inbox.list({ to }).length, { message: `a message to ${to}` }).toBeGreaterThan(0)
  const [message] = app.sandbox.inbox.list({ to })
  if (!message) throw new Error('unreachable: the inbox was just polled')
  return message
}

describe('the Next.js example under next start', () => {
  test('a user verifies a phone number and the sign-up route accepts the receipt, once', async () => {
    const to = freshPhone()
    // The receipt passes through the browser; keep it to try it again from outside afterwards.
    const receipts: string[] = []
    page.on('response', async (response) => {
      if (/\/api\/verify\/verifications\/[^/]+\/check$/.test(response.url())) {
        const body = (await response.json().catch(() => ({}))) as { receipt?: string }
        if (body.receipt) receipts.push(body.receipt)
      }
    })

    await page.goto(app.url)
    await page.getByRole('heading', { name: 'Create your account' }).waitFor()
    await page.getByRole('textbox', { name: 'Phone number' }).fill(to.replace('+233', '0'))
    await page.getByRole('button', { name: 'Send code' }).click()

    const message = await messageTo(to)
    const codeField = page.getByRole('textbox', { name: 'Verification code' })
    await codeField.click()
    await page.keyboard.type(message.code)

    await page.getByRole('heading', { name: 'Verified' }).waitFor()
    await page.getByText('Account created for').waitFor()
    expect(await page.getByTestId('account-to').textContent()).toBe(to)
    expect(await page.getByTestId('account-verification').textContent()).toBe(message.verificationId)

    // The sign-up route checked the receipt itself: the same receipt again is a replay, and a
    // receipt never vouches for another number.
    // (The response listener reads the body asynchronously: wait for it rather than race it.)
    await expect.poll(() => receipts.length).toBe(1)
    const signUp = (body: object) => fetch(`${app.url}/api/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const replayed = await signUp({ to, receipt: receipts[0] })
    expect([replayed.status, ((await replayed.json()) as { code: string }).code]).toEqual([400, 'receipt_replayed'])
    const other = await signUp({ to: freshPhone(), receipt: receipts[0] })
    expect([other.status, ((await other.json()) as { code: string }).code]).toEqual([400, 'receipt_wrong_address'])
  })

  test('the server sends the French page already in French, and hydration keeps it so', async () => {
    // The HTML as the server sends it, before any script runs.
    const html = await (await fetch(`${app.url}/?lang=fr`)).text()
    expect(html).toContain('Numéro de téléphone')
    expect(html).toContain('Envoyer le code')
    expect(html).not.toContain('Send code')
    expect(html).not.toContain('Phone number')

    // In the browser, record every text the flow's button shows from the first paint on: it must
    // never say "Send code", not even for a frame before the French messages arrive.
    await page.addInitScript(() => {
      const seen = new Set<string>()
      ;(window as unknown as { buttonTexts: Set<string> }).buttonTexts = seen
      new MutationObserver(() => {
        for (const button of document.querySelectorAll('button')) seen.add(button.textContent ?? '')
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.goto(`${app.url}/?lang=fr`)
    const send = page.getByRole('button', { name: 'Envoyer le code' })
    await send.waitFor()
    // Hydrated: the field formats what is typed only once React runs.
    await page.getByRole('textbox', { name: 'Numéro de téléphone' }).fill('0241234567')
    await expect.poll(() => page.getByRole('textbox', { name: 'Numéro de téléphone' }).inputValue()).toMatch(/^024 ?123 ?4567$/)
    const texts = await page.evaluate(() => [...(window as unknown as { buttonTexts: Set<string> }).buttonTexts])
    expect(texts).toContain('Envoyer le code')
    expect(texts.filter((text) => /Send code/.test(text))).toEqual([])
    // Hydration mismatches are reported as console errors: afterEach fails the test on any.
  })

  test("Getting started's Next.js page is this app's /sign-up, word for word", () => {
    const guide = readFileSync(new URL('../../../docs/guides/getting-started.mdx', import.meta.url), 'utf8')
    for (const file of ['app/sign-up/page.tsx', 'app/sign-up/verify-phone.tsx']) {
      const block = new RegExp(`\\{/\\* snippet: file ${file.replace(/[./]/g, '\\$&')} \\*/\\}\\n\`\`\`tsx\\n([\\s\\S]*?)\`\`\`\\n`).exec(guide)?.[1]
      expect({ file, code: readFileSync(new URL(`../${file}`, import.meta.url), 'utf8') }).toEqual({ file, code: block })
    }
  })

  test("the guide's page renders the flow with Cache Components on (prerendered: no clock read while rendering), and verifies", async () => {
    // Prerendered at build time: the flow's first step is in the static HTML.
    const html = await (await fetch(`${app.url}/sign-up`)).text()
    expect(html).toContain('Send code')
    const to = freshPhone()
    await page.goto(`${app.url}/sign-up`)
    await page.getByRole('textbox', { name: 'Phone number' }).fill(to.replace('+233', '0'))
    await page.getByRole('button', { name: 'Send code' }).click()
    const message = await messageTo(to)
    await page.getByRole('textbox', { name: 'Verification code' }).click()
    await page.keyboard.type(message.code)
    await page.getByRole('heading', { name: 'Verified' }).waitFor()
  })

  test("the proxy refuses a POST from another origin, and accepts the app's own", async () => {
    const post = (origin: string) =>
      fetch(`${app.url}/api/verify/verifications`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ to: freshPhone() }) })
    const foreign = await post('https://evil.example')
    expect([foreign.status, ((await foreign.json()) as { code: string }).code]).toEqual([403, 'forbidden_origin'])
    // The route handler sees `http://localhost:<port>` as its URL; the configured public origin
    // is what makes the real page's origin (127.0.0.1 here) acceptable.
    expect((await post(app.url)).status).toBe(201)
  })
})
