import type { SandboxMessage } from '@hakiki/sandbox'
import { expect, test } from 'vitest'
import { freshPhone } from '../support/addresses'
import { waitForMessage, wrongCode } from '../support/flow-actions'
import { axeViolations, byName, clearCode, openAndSend, resendState, sent, setupWebKitDemo, typeCode, waitFor, waitForText, waitForVerified } from './webkit-demo'

// Resend, a call instead of the SMS, and the lock after five wrong codes, in WebKit. WebDriver
// classic cannot move the page's clock (code-entry.e2e.test.ts does, in Chromium and Firefox, with
// Playwright's page.clock installed before the app loads): the 30 s resend cooldown is waited out
// in real time. The three walks run side by side, each in a window of its own (its own
// sessionStorage, so its own flow), so that wait is paid once. The demo's server clock is real time
// too: page and server agree.

const h = setupWebKitDemo()

/**
 * Waits (real time) until the button named `name` stops waiting; a cooldown is 30 s at most here.
 * Read every 500 ms, not 50: the countdown moves once a second, and 20 reads a second for ~30 s woke
 * WebKit's page and driver ~600 times for nothing.
 */
async function waitOut(name: string): Promise<void> {
  await waitFor(() => resendState(h.browser, name), (state) => state?.waiting === false && state.countdown === '', `"${name}" stops waiting`, 60_000, 500)
}

/** Opens a new window of the browser and makes it the one WebDriver drives. */
async function newWindow(): Promise<string> {
  const { handle } = await h.browser.createWindow('tab')
  await h.browser.switchToWindow(handle)
  return handle
}

test('after the resend cooldown, waited out once: "Resend code" re-sends the same code, "Call me instead" calls with it, and a locked code\'s "Send a new code" sends a new one', async () => {
  const { browser, demo } = h
  const windows: Record<'resend' | 'call' | 'lock', { handle: string; to: string; first?: SandboxMessage }> = {
    resend: { handle: await browser.getWindowHandle(), to: freshPhone('KE') },
    call: { handle: '', to: freshPhone('UG') },
    lock: { handle: '', to: freshPhone('GH') },
  }

  // 1. Resend: both buttons wait, keep their names and say how long beside them; a press sends nothing.
  await openAndSend(browser, { url: `${demo.url}/`, name: 'Otieno Odhiambo', to: windows.resend.to })
  windows.resend.first = await waitForMessage(demo, windows.resend.to)
  await byName(browser, 'Verification code')
  expect(await resendState(browser, 'Resend code')).toEqual({ waiting: true, text: 'Resend code', countdown: expect.stringMatching(/^in \d+ s$/) })
  expect(await resendState(browser, 'Call me instead')).toEqual({ waiting: true, text: 'Call me instead', countdown: expect.stringMatching(/^in \d+ s$/) })
  await (await byName(browser, 'Resend code')).click()
  expect(await axeViolations(browser), 'axe on the resend cooldown').toEqual([])

  // 2. Call instead, in a second window.
  windows.call.handle = await newWindow()
  await openAndSend(browser, { url: `${demo.url}/`, name: 'Apio Grace', to: windows.call.to })
  windows.call.first = await waitForMessage(demo, windows.call.to)
  expect(windows.call.first.channel).toBe('sms')
  await byName(browser, 'Verification code')

  // 3. Five wrong codes lock the code, in a third window; "Send a new code" still waits out the
  // cooldown the code step knew, and a press asks nothing (no "Too many requests" wall).
  windows.lock.handle = await newWindow()
  await openAndSend(browser, { url: `${demo.url}/`, name: 'Wanjiru Kamau', to: windows.lock.to })
  const locked = await waitForMessage(demo, windows.lock.to)
  windows.lock.first = locked
  await byName(browser, 'Verification code')
  for (let n = 1; n <= 4; n++) {
    await typeCode(browser, wrongCode(locked.code, n))
    // Each answer is said in turn; wait for this one before typing the next code.
    await waitForText(browser, `${5 - n} attempt${5 - n === 1 ? '' : 's'} left`)
    await clearCode(browser)
  }
  await typeCode(browser, wrongCode(locked.code, 5))
  await waitForText(browser, 'Too many wrong codes')
  expect(await axeViolations(browser), 'axe on the locked screen').toEqual([])
  expect(await resendState(browser, 'Send a new code')).toEqual({ waiting: true, text: 'Send a new code', countdown: expect.stringMatching(/^in \d+ s$/) })
  await (await byName(browser, 'Send a new code')).click()
  expect(await browser.execute(() => document.querySelector('.hakiki-flow [data-part="error"]')?.textContent ?? '')).toBe('')

  // The one wait, in real time: the first window's cooldown ends first.
  await browser.switchToWindow(windows.resend.handle)
  await waitOut('Resend code')
  expect([windows.resend.to, windows.call.to, windows.lock.to].map((to) => sent(demo, to))).toEqual([1, 1, 1])

  // 1. The Verify API re-sends the same code under the same verification, as Twilio does; the next
  // resend waits longer (60 s).
  await (await byName(browser, 'Resend code')).click()
  const again = await waitForMessage(demo, windows.resend.to, 2)
  expect(again.code).toBe(windows.resend.first.code)
  expect(again.verificationId).toBe(windows.resend.first.verificationId)
  await waitFor(() => resendState(browser, 'Resend code'), (state) => /^in (60|59|58|57) s$/.test(state?.countdown ?? ''), 'the next resend waits 60 s')
  await typeCode(browser, again.code)
  expect((await waitForVerified(browser, 'Otieno Odhiambo')).verification).toBe(windows.resend.first.verificationId)

  // 2. The call carries the same code, and the preview shows the call.
  await browser.switchToWindow(windows.call.handle)
  await waitOut('Call me instead')
  await (await byName(browser, 'Call me instead')).click()
  const call = await waitForMessage(demo, windows.call.to, 2)
  expect(call.channel).toBe('call')
  expect(call.code).toBe(windows.call.first.code)
  await browser.$('article[aria-label="Voice call"]').waitForExist({ timeout: 30_000 })
  await typeCode(browser, call.code)
  expect((await waitForVerified(browser, 'Apio Grace')).verification).toBe(windows.call.first.verificationId)

  // 3. A new code, a new verification, which verifies.
  await browser.switchToWindow(windows.lock.handle)
  await waitOut('Send a new code')
  await (await byName(browser, 'Send a new code')).click()
  const fresh = await waitForMessage(demo, windows.lock.to, 2)
  expect(fresh.verificationId).not.toBe(locked.verificationId)
  await typeCode(browser, fresh.code)
  expect((await waitForVerified(browser, 'Wanjiru Kamau')).verification).toBe(fresh.verificationId)

  expect([windows.resend.to, windows.call.to, windows.lock.to].map((to) => sent(demo, to))).toEqual([2, 2, 2])
  for (const handle of [windows.call.handle, windows.lock.handle]) {
    await browser.switchToWindow(handle)
    await browser.closeWindow()
  }
  await browser.switchToWindow(windows.resend.handle)
})
