import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { expect, test } from 'vitest'
import { waitForMessage } from '../support/flow-actions'
import { byName, bySelector, pasteInto, sent, setupWebKitDemo, typeCode, waitFor, waitForVerified } from './webkit-demo'

// The demo in Twilio mode offers every country: a German number picked from the list, and one
// pasted with Ctrl+V, in WebKit. The same walks run in Chromium and Firefox in every-country.e2e.test.ts.

const h = setupWebKitDemo({ provider: 'twilio' })

let counter = 0

/** A fresh German mobile number (`+49 151 …`, 11 national digits), distinct per test and run. */
function freshGermanMobile(): { e164: string; national: string } {
  counter += 1
  const tail = String((Date.now() + counter * 7919) % 100_000_000).padStart(8, '0')
  return { e164: `+49151${tail}`, national: `0151${tail}` }
}

/** The country picker's button's name ("Country" or "Country: Ghana, +233"). */
const countryName = () => h.browser.execute(() => document.querySelector('button[aria-label^="Country"]')?.getAttribute('aria-label') ?? '')

test('pick Germany from the list of every country, receive the SMS code through Twilio, verified end to end', async () => {
  const { browser, demo } = h
  const to = freshGermanMobile()
  await browser.url(`${demo.url}/`)
  await (await byName(browser, 'Full name')).setValue('Lena Schmidt')
  await (await bySelector(browser, 'button[aria-label^="Country"]')).click()
  const search = await byName(browser, 'Search countries')
  // Every country is offered, not the 14 (the list renders the rows in view; each option says how many).
  await waitFor(() => browser.execute(() => document.querySelector('[role="listbox"][aria-label="Country"] [role="option"]')?.getAttribute('aria-setsize')), (size) => size === '245', 'the list offers 245 countries')
  await search.addValue('Germ')
  await waitFor(() => browser.execute(() => document.querySelector('[role="listbox"][aria-label="Country"] [role="option"]')?.textContent ?? ''), (text) => text.includes('Germany'), 'Germany comes first')
  await browser.keys('Enter')
  await waitFor(countryName, (name) => name === 'Country: Germany, +49', 'Germany is picked')
  // Germany's metadata arrived, fetched on the pick: the placeholder is a German example.
  const field = await byName(browser, 'Phone number')
  await waitFor(() => field.getAttribute('placeholder'), (placeholder) => placeholder === '01512 3456789', 'a German example')
  await field.addValue(to.national)
  await waitFor(() => field.getValue(), (value) => value === `${to.national.slice(0, 5)} ${to.national.slice(5)}`, 'the number formatted as German')
  await (await byName(browser, 'Send code')).click()

  const message = await waitForMessage(demo, to.e164)
  expect(message.channel).toBe('sms')
  // Created through the Twilio dialect: the Verify API dialect would not know this sid.
  const service = DEFAULT_TWILIO_ACCOUNT.services[0]?.sid ?? ''
  const basic = btoa(`${DEFAULT_TWILIO_ACCOUNT.accountSid}:${DEFAULT_TWILIO_ACCOUNT.authToken}`)
  const pending = await demo.sandbox.fetch(new Request(`${demo.sandboxUrl}/v2/Services/${service}/Verifications/${message.verificationId}`, { headers: { authorization: `Basic ${basic}` } }))
  expect(await pending.json()).toMatchObject({ sid: message.verificationId, status: 'pending', channel: 'sms', to: to.e164 })

  await typeCode(browser, message.code)
  const result = await waitForVerified(browser, 'Lena Schmidt')
  expect(result.to).toContain(to.e164)
  expect(result.verification).toBe(message.verificationId)
  expect(sent(demo, to.e164)).toBe(1)
})

test('a pasted +49 number switches the field to Germany', async () => {
  const { browser, demo } = h
  const to = freshGermanMobile()
  await browser.url(`${demo.url}/`)
  await byName(browser, 'Phone number')
  await pasteInto(browser, 'Phone number', `+49 ${to.e164.slice(3)}`)
  expect(await waitFor(countryName, (name) => name === 'Country: Germany, +49', 'Germany is picked')).toBe('Country: Germany, +49')
  const value = await waitFor(() => browser.$('aria/Phone number').getValue(), (shown) => shown.replace(/\D/g, '') === to.national.replace(/\D/g, ''), 'the pasted number in the field')
  expect(value).toBe(`${to.national.slice(0, 5)} ${to.national.slice(5)}`)
})
