import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { setupDemoHarness, type DemoHarness } from './support/demo-harness'
import { alertText, anotherWindowTakesFocus, COVERED_LIST_CHUNK, inbox, openDemo, pasteInto, typeCode, verifiedResult, waitForMessage } from './support/flow-actions'

// The demo in Twilio mode offers every country (the proxy is created with `countries: 'all'`):
// a German number, picked from the list in the production build, gets its code through the
// sandbox's Twilio Verify v2 dialect and is verified end to end. In Verify API mode, the 14 stay.

let counter = 0

/** A fresh German mobile number (`+49 151 …`, 11 national digits), distinct per test and run. */
function freshGermanMobile(): { e164: string; national: string } {
  counter += 1
  const tail = String((Date.now() + counter * 7919) % 100_000_000).padStart(8, '0')
  return { e164: `+49151${tail}`, national: `0151${tail}` }
}

/** The country picker's button (named "Country" or "Country: Ghana, +233"). */
const countryButton = (page: Page) => page.getByRole('button', { name: /^Country/ })

/** The options of the open country list (not the language picker's). */
const countryOptions = (page: Page) => page.getByRole('listbox', { name: 'Country' }).getByRole('option')

/** Every script the page requested, in order (the build's chunks, loaded up front or on demand). */
function watchScripts(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.endsWith('.js')) seen.push(pathname)
  })
  return seen
}

/** Waits until the phone field has no metadata on its way (`data-loading` gone). */
async function phoneFieldSettled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.hakiki-phone[data-loading]').count()).toBe(0)
}

/**
 * Types the name and a German number in international form, waits until the field has read it
 * (Germany's metadata arrives on demand), then presses "Send code".
 */
async function sendToGerman(page: Page, to: { e164: string; national: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Full name' }).fill('Lena Schmidt')
  await page.getByRole('textbox', { name: 'Phone number' }).fill(to.e164)
  await expect.poll(() => countryButton(page).getAttribute('aria-label')).toBe('Country: Germany, +49')
  await page.getByRole('button', { name: 'Send code' }).click()
}

/** Fetches a verification through the sandbox's Twilio REST API. */
function fetchTwilioVerification(h: DemoHarness, sid: string): Promise<Response> {
  const service = DEFAULT_TWILIO_ACCOUNT.services[0]?.sid ?? ''
  const basic = btoa(`${DEFAULT_TWILIO_ACCOUNT.accountSid}:${DEFAULT_TWILIO_ACCOUNT.authToken}`)
  return h.demo.sandbox.fetch(new Request(`${h.demo.sandboxUrl}/v2/Services/${service}/Verifications/${sid}`, { headers: { authorization: `Basic ${basic}` } }))
}

describe('Twilio mode: every country', () => {
  const h = setupDemoHarness({}, { provider: 'twilio' })

  test('pick Germany from the list, receive the SMS code in the sandbox, verified end to end', async () => {
    const { page, demo } = h
    const scripts = watchScripts(page)
    const to = freshGermanMobile()
    await openDemo(page, demo)
    expect(await (await page.request.get(`${demo.url}/api/demo/config`)).json()).toEqual({ provider: 'twilio', countries: 'all', channels: ['sms', 'call', 'email', 'whatsapp'] })
    await phoneFieldSettled(page)
    const loadedUpFront = scripts.length

    await page.getByRole('textbox', { name: 'Full name' }).fill('Lena Schmidt')
    await page.getByRole('radio', { name: 'SMS' }).check()
    await countryButton(page).click()
    const search = page.getByRole('combobox', { name: 'Search countries' })
    await search.waitFor()
    // Every country is offered, not the 14 (the list renders the rows in view; each option says how many).
    await expect.poll(() => countryOptions(page).first().getAttribute('aria-setsize')).toBe('245')
    await search.fill('Germ')
    await expect.poll(() => countryOptions(page).first().textContent()).toContain('Germany')
    await search.press('Enter')
    await expect.poll(() => countryButton(page).getAttribute('aria-label')).toBe('Country: Germany, +49')
    // Germany's metadata arrived, fetched on the pick (a chunk not loaded before): the placeholder is a German example.
    const field = page.getByRole('textbox', { name: 'Phone number' })
    await expect.poll(() => field.getAttribute('placeholder')).toBe('01512 3456789')
    expect(scripts.length).toBeGreaterThan(loadedUpFront)

    await field.click()
    await page.keyboard.type(to.national)
    await expect.poll(() => field.inputValue()).toBe(`${to.national.slice(0, 5)} ${to.national.slice(5)}`)
    await page.getByRole('button', { name: 'Send code' }).click()

    const message = await waitForMessage(demo, to.e164)
    expect(message.channel).toBe('sms')
    // Created through the Twilio dialect: the Verify API dialect would not know this sid.
    const pending = await fetchTwilioVerification(h, message.verificationId)
    expect(pending.status).toBe(200)
    expect(await pending.json()).toMatchObject({ sid: message.verificationId, status: 'pending', channel: 'sms', to: to.e164 })

    await typeCode(page, message.code)
    const result = await verifiedResult(page)
    expect(result.heading).toBe('Welcome, Lena Schmidt')
    // The sign-up endpoint checked a receipt naming this German number and the Twilio verification.
    expect(result.to).toContain(to.e164)
    expect(result.verification).toBe(message.verificationId)
    expect(inbox(demo, to.e164)).toHaveLength(1)
  })

  test('a pasted +49 number switches the field to Germany', async () => {
    const { page, demo } = h
    const to = freshGermanMobile()
    await openDemo(page, demo)
    const field = page.getByRole('textbox', { name: 'Phone number' })
    await field.click()
    await pasteInto(page, field, `+49 ${to.e164.slice(3)}`)
    await expect.poll(() => countryButton(page).getAttribute('aria-label')).toBe('Country: Germany, +49')
    await expect.poll(() => field.inputValue()).toBe(`${to.national.slice(0, 5)} ${to.national.slice(5)}`)
  })

  test('the open list stays open while another window has the focus (a user switching apps and back)', async () => {
    const { page, demo } = h
    await openDemo(page, demo)
    await phoneFieldSettled(page)
    await countryButton(page).click()
    await page.getByRole('combobox', { name: 'Search countries' }).waitFor()
    // Another page of the same browser takes the focus: in Firefox the page's search box is blurred
    // with no element to go to (the page no longer has the focus), which closed the list.
    h.otherWindowTakesFocus()
    await anotherWindowTakesFocus(page)
    expect(await page.getByRole('combobox', { name: 'Search countries' }).count()).toBe(1)
    await page.getByRole('combobox', { name: 'Search countries' }).fill('Germ')
    await expect.poll(() => countryOptions(page).first().textContent()).toContain('Germany')
  })
})

describe('Twilio mode: the faults panel says what Twilio makes of each fault', () => {
  const h = setupDemoHarness({}, { provider: 'twilio' })

  test('Token rejected fails two sends (no token to refresh), as the panel says', async () => {
    const { page, demo } = h
    const to = freshGermanMobile()
    await openDemo(page, demo)
    await page.getByRole('button', { name: 'Token rejected' }).click()
    await page.getByText('The next two sends are refused with 401 (Twilio has no token to refresh, so each one fails).', { exact: false }).waitFor()
    await sendToGerman(page, to)
    expect(await alertText(page)).toMatch(/verification service ran into a problem/)
    // One fault left: the first send used one 401, not both as the Verify API's client retry would.
    await expect.poll(() => demo.sandbox.faults.list().length).toBe(1)
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByText('That fault has been used: everything works again.').waitFor()
    expect(inbox(demo, to.e164)).toHaveLength(0)
    await page.getByRole('button', { name: 'Send code' }).click()
    await waitForMessage(demo, to.e164)
  })

  test('Proxy auth required reads as a busy service, as the panel says', async () => {
    const { page, demo } = h
    const to = freshGermanMobile()
    await openDemo(page, demo)
    await page.getByRole('button', { name: 'Proxy auth required' }).click()
    await page.getByText('so the flow says the service is busy', { exact: false }).waitFor()
    await sendToGerman(page, to)
    expect(await alertText(page)).toMatch(/verification service is busy/)
  })
})

describe('Verify API mode: the 14 covered countries stay', () => {
  const h = setupDemoHarness()

  test('the picker offers the 14 and a +49 number is refused in the field', async () => {
    const { page, demo } = h
    const scripts = watchScripts(page)
    await openDemo(page, demo)
    const loadedUpFront = scripts.length
    expect(await (await page.request.get(`${demo.url}/api/demo/config`)).json()).toEqual({ provider: 'verify-api', countries: 'covered', channels: ['sms', 'call', 'email'] })
    await countryButton(page).click()
    await page.getByRole('combobox', { name: 'Search countries' }).waitFor()
    // The first frame draws the rows in view, the rest the task after it: wait for the 14.
    await expect.poll(() => countryOptions(page).count(), { timeout: 15_000 }).toBe(14)
    // Opening the list fetches its code and search (fetched as the button is hovered; the bundler
    // names the search's chunk after its first module, load-country-aliases) and the search aliases
    // (country names in other scripts), and the 14's flags (fetched as the button's flag is first
    // drawn, flags-covered), nothing else: with the 14, no region index and no country.
    expect(scripts.slice(loadedUpFront).filter((path) => !COVERED_LIST_CHUNK.test(path))).toEqual([])
    await page.keyboard.press('Escape')
    const loadedWithList = scripts.length
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+4915123456789')
    await expect.poll(() => page.getByText('Codes cannot be sent to this country yet.').count()).toBe(1)
    // Nothing fetched for the +49 number either.
    expect(scripts.length).toBe(loadedWithList)
  })
})
