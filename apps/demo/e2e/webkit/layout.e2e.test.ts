import { expect, test } from 'vitest'
import { freshPhone } from '../support/addresses'
import { COVERED_LIST_CHUNK, waitForMessage } from '../support/flow-actions'
import { axeViolations, byName, bySelector, setupWebKitDemo, waitFor } from './webkit-demo'

// Arabic on a 360 px phone, and the country picker of the Verify API mode, in WebKit. MiniBrowser's
// window cannot be narrower than ~447 px and WebDriver has no phone emulation: the page is put in a
// 360 px frame, whose layout and media queries are those of a 360 px screen. The same walks run in
// Chromium and Firefox in layout.e2e.test.ts (a phone viewport) and every-country.e2e.test.ts.

const h = setupWebKitDemo()

/**
 * Opens `path` of the demo in a `width`-px frame and switches WebDriver into it. The frame's host is
 * a page of the demo's own origin emptied of the app (WebKit refused to focus fields in a frame of
 * another origin than its page: "Element is not focusable"); the frame's app stores its flow in
 * its own sessionStorage like a tab's.
 */
async function openInFrame(path: string, width: number, height = 740): Promise<void> {
  const { browser, demo } = h
  await browser.url(`${demo.url}/favicon.svg`)
  // The host is a loaded page of the origin, not the app, before it is emptied.
  await waitFor(() => browser.execute(() => [location.pathname, document.readyState].join(' ')), (state) => state === '/favicon.svg complete', 'the host page loaded')
  await browser.execute(
    (src, w, hgt) => {
      const page = document.implementation.createHTMLDocument('frame host')
      // Not sandboxed: the frame is the app under test, with the storage and scripts a tab has.
      // oxlint-disable-next-line react/iframe-missing-sandbox
      const frame = page.createElement('iframe')
      frame.src = src
      frame.style.cssText = `width: ${w}px; height: ${hgt}px; border: 0; display: block`
      page.body.style.margin = '0'
      page.body.append(frame)
      document.replaceChild(document.importNode(page.documentElement, true), document.documentElement)
    },
    `${demo.url}${path}`,
    width,
    height,
  )
  const frame = browser.$('iframe')
  await frame.waitForExist({ timeout: 30_000 })
  await browser.switchFrame(frame)
  await bySelector(browser, 'input[type=tel]')
}

/** Widest the frame's page is drawn: more than its width means a horizontal scroll bar. */
const pageWidth = () => h.browser.execute(() => [document.documentElement.scrollWidth, innerWidth] as const)

test('Arabic on a 360 px phone: right to left, no horizontal scrolling, the code stays left to right, the SMS is in Arabic', async () => {
  const { browser, demo } = h
  const to = freshPhone('GH')
  await openInFrame('/?locale=ar', 360)
  expect(await browser.execute(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl'])
  expect(await pageWidth()).toEqual([360, 360])
  expect(await axeViolations(browser), 'axe on the address screen (ar, 360 px)').toEqual([])

  await (await bySelector(browser, 'input[autocomplete="name"]')).setValue('ليلى حسن')
  // Located by type, not by name: in Arabic the names are Arabic.
  const phone = await bySelector(browser, 'input[type=tel]')
  await phone.setValue(to)
  await browser.keys('Enter')
  const message = await waitForMessage(demo, to)
  expect(message.locale).toBe('ar')
  const code = await bySelector(browser, 'input[autocomplete="one-time-code"]')
  await code.addValue(message.code.slice(0, 3))
  expect(await code.getCSSProperty('direction').then((p) => p.value)).toBe('ltr')
  // The boxes run left to right: each filled digit sits to the right of the one before.
  const slots = await waitFor(
    () => browser.execute(() => [...document.querySelectorAll('[data-part="slot"]')].map((el) => ({ x: el.getBoundingClientRect().x, text: el.textContent }))),
    (found) => found.map((s) => s.text).join('') === message.code.slice(0, 3),
    'three digits in the boxes',
  )
  expect(slots.map((s) => s.x)).toEqual(slots.map((s) => s.x).toSorted((a, b) => a - b))
  // The device preview shows the Arabic SMS right to left.
  expect(await browser.execute(() => document.querySelector('article[aria-label="Text message"] [lang="ar"]')?.getAttribute('dir'))).toBe('rtl')
  expect(await pageWidth()).toEqual([360, 360])
  expect(await axeViolations(browser), 'axe on the code screen (ar, 360 px)').toEqual([])

  await code.addValue(message.code.slice(3))
  await waitFor(() => browser.execute(() => document.querySelector('dl.demo-receipt')?.textContent ?? ''), (text) => text.includes(message.verificationId), 'the receipt names the verification')
  expect(await pageWidth()).toEqual([360, 360])
})

test('the country picker offers the 14 covered countries and fetches only its own code; a +49 number is refused in the field', async () => {
  const { browser, demo } = h
  await browser.url(`${demo.url}/`)
  await byName(browser, 'Phone number')
  // WebDriver cannot watch requests: the page's own Resource Timing lists what it loaded.
  const scripts = () => browser.execute(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js')))
  const upFront = (await scripts()).length
  await (await bySelector(browser, 'button[aria-label^="Country"]')).click()
  await byName(browser, 'Search countries')
  // The list's first frame draws the rows in view; the rest follow the task after that frame, so
  // the count is read once it has stopped at the 14 (a 15th would still fail the check below).
  const countOptions = () => browser.execute(() => document.querySelectorAll('[role="listbox"][aria-label="Country"] [role="option"]').length)
  await waitFor(countOptions, (n) => n >= 14, 'the list shows its 14 options')
  expect(await countOptions()).toBe(14)
  // Opening the list fetched its code, search and the 14's flags, nothing else (no region index, no country).
  expect((await scripts()).slice(upFront).filter((path) => !COVERED_LIST_CHUNK.test(path))).toEqual([])
  await browser.keys('Escape')
  const withList = (await scripts()).length
  await (await byName(browser, 'Phone number')).setValue('+4915123456789')
  await waitFor(() => browser.execute(() => document.body.innerText), (text) => text.includes('Codes cannot be sent to this country yet.'), 'the field refuses +49')
  expect((await scripts()).length).toBe(withList)
})
