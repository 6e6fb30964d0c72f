import { expect, test } from 'vitest'
import { freshEmail, freshPhone } from '../support/addresses'
import { waitForMessage, wrongCode } from '../support/flow-actions'
import { axeViolations, byName, clearCode, openAndSend, pasteInto, sent, setupWebKitDemo, typeCode, waitFor, waitForText, waitForVerified } from './webkit-demo'

// Sign-up by each channel, a wrong and an expired code, and a pasted code, in WebKit (see
// webkit-demo.ts for how WebDriver says what the Playwright files say). The same walks run in
// Chromium and Firefox in channels.e2e.test.ts and code-entry.e2e.test.ts.

const h = setupWebKitDemo()

/** The device preview's text ("What the user receives"), once it shows the article named `name`. */
async function devicePreview(name: 'Text message' | 'Voice call' | 'E-mail'): Promise<string> {
  await h.browser.$(`article[aria-label="${name}"]`).waitForExist({ timeout: 30_000 })
  return h.browser.execute(() => document.querySelector('aside.demo-device')?.textContent ?? '')
}

test('sign-up by SMS: a wrong code says so with the attempts left, the right one verifies; axe on each screen', async () => {
  const { browser, demo } = h
  const to = freshPhone('GH')
  await openAndSend(browser, { url: `${demo.url}/`, name: 'Esi Owusu', to })
  expect(await axeViolations(browser), 'axe on the address screen').toEqual([])
  const message = await waitForMessage(demo, to)
  await byName(browser, 'Verification code')
  expect(await devicePreview('Text message')).toContain(message.body)
  expect(await axeViolations(browser), 'axe on the code screen').toEqual([])

  await typeCode(browser, wrongCode(message.code))
  await waitForText(browser, '4 attempts left')
  expect(await axeViolations(browser), 'axe on the wrong-code screen').toEqual([])

  await clearCode(browser)
  await typeCode(browser, message.code)
  const result = await waitForVerified(browser, 'Esi Owusu')
  expect(result.verification).toBe(message.verificationId)
  expect(result.to).toContain(to)
  expect(sent(demo, to)).toBe(1)
  expect(await axeViolations(browser), 'axe on the verified screen').toEqual([])
})

test('sign-up by e-mail: the preview shows the subject and the code, which verifies; axe on the e-mail address screen', async () => {
  const { browser, demo } = h
  const to = freshEmail()
  await browser.url(`${demo.url}/`)
  await (await byName(browser, 'Email')).click()
  await byName(browser, 'Email address')
  expect(await axeViolations(browser), 'axe on the address screen (email)').toEqual([])
  await openAndSend(browser, { url: `${demo.url}/`, name: 'Ama Mensah', channel: 'Email', to })
  const message = await waitForMessage(demo, to)
  expect(message.channel).toBe('email')
  await byName(browser, 'Verification code')
  const preview = await devicePreview('E-mail')
  expect(preview).toContain(message.subject)
  expect(preview).toContain(message.code)
  await typeCode(browser, message.code)
  const result = await waitForVerified(browser, 'Ama Mensah')
  expect(result.verification).toBe(message.verificationId)
  expect(result.to).toContain(to)
})

test('sign-up by voice call: the preview spells the code and reads the script aloud in the message language', async () => {
  const { browser, demo } = h
  const to = freshPhone('KE')
  await openAndSend(browser, { url: `${demo.url}/`, name: 'Ama Mensah', channel: 'Voice call', to })
  const call = await waitForMessage(demo, to)
  expect(call.channel).toBe('call')
  await byName(browser, 'Verification code')
  expect(await devicePreview('Voice call')).toContain(call.code.split('').join(', '))
  // Records what the page asks the browser to say, instead of saying it. WebDriver has no init
  // script: set once the page is up, before the button is pressed. WebKitGTK without a speech
  // engine has no speechSynthesis, and the demo then offers no button: both are checked.
  const canSpeak = await browser.execute(() => {
    if (typeof speechSynthesis === 'undefined') return false
    const spoken: { text: string; lang: string }[] = []
    Object.assign(window, { spoken })
    // On the prototype, not on `speechSynthesis` itself: WebKit may drop that object's wrapper, and
    // with it a method set on it, in a garbage collection before the press (seen under load: the
    // button said Stop, nothing was recorded); the prototype lives as long as the page.
    SpeechSynthesis.prototype.speak = (utterance) => void spoken.push({ text: utterance.text, lang: utterance.lang })
    return true
  })
  const play = browser.$('aria/Play the call')
  expect(await play.isExisting(), 'the button is offered where the browser can speak').toBe(canSpeak)
  if (canSpeak) await play.click()
  const said = await browser.execute(() => (window as unknown as { spoken?: unknown[] }).spoken ?? null)
  expect(said).toEqual(canSpeak ? [{ text: call.body, lang: 'en' }] : null)
  await typeCode(browser, call.code)
  expect((await waitForVerified(browser, 'Ama Mensah')).verification).toBe(call.verificationId)
})

test('a code pasted with Ctrl+V fills every box and verifies', async () => {
  const { browser, demo } = h
  const to = freshPhone('UG')
  await openAndSend(browser, { url: `${demo.url}/`, name: 'Nakato Achieng', to })
  const message = await waitForMessage(demo, to)
  await byName(browser, 'Verification code')
  await pasteInto(browser, 'Verification code', message.code)
  expect((await waitForVerified(browser, 'Nakato Achieng')).verification).toBe(message.verificationId)
})

test('an expired code says so, and a new code verifies', async () => {
  const { browser, demo } = h
  const to = freshPhone('NG')
  await openAndSend(browser, { url: `${demo.url}/`, name: 'Ngozi Adeyemi', to })
  const first = await waitForMessage(demo, to)
  await byName(browser, 'Verification code')
  await (await byName(browser, 'Expire the code')).click()
  await waitForText(browser, 'The clock moved 10 minutes on')
  await typeCode(browser, first.code)
  await waitForText(browser, 'Your code has expired')
  await waitForText(browser, 'Send a new code to continue.')
  expect(await axeViolations(browser), 'axe on the expired screen').toEqual([])

  await (await byName(browser, 'Send a new code')).click()
  const second = await waitForMessage(demo, to, 2)
  expect(second.verificationId).not.toBe(first.verificationId)
  await typeCode(browser, second.code)
  expect((await waitForVerified(browser, 'Ngozi Adeyemi')).verification).toBe(second.verificationId)
  expect(sent(demo, to)).toBe(2)
})

/** Presses Tab (at most `max` times) until the element named `name` has focus: the keyboard only, never a click. */
async function tabUntilFocused(name: string, max = 15): Promise<void> {
  const target = await byName(h.browser, name)
  for (let i = 0; i < max && !(await target.isFocused()); i++) await h.browser.keys('Tab')
  expect(await target.isFocused(), `focus reached "${name}" within ${max} Tabs`).toBe(true)
}

/**
 * Types `text` with the keyboard into whatever has focus, one WebDriver key action per character:
 * WebKitWebDriver drops the second of two equal keys in one action sequence ("Koffi" → "Kofi", in
 * any input), which Element Send Keys and separate actions do not.
 */
async function typeKeys(text: string): Promise<void> {
  for (const key of text) await h.browser.keys(key)
}

test('keyboard only: from the first field to verified (Tab, typed keys and Enter; no click)', async () => {
  // The walk of channels.e2e.test.ts in Chromium and Firefox, with WebDriver's key actions.
  const { browser, demo } = h
  const to = freshPhone('UG')
  await browser.url(`${demo.url}/`)
  await byName(browser, 'Create your account')
  await tabUntilFocused('Full name')
  await typeKeys('Kofi Boateng')
  // Enter in the name moves on to the verification; Tab walks on to the phone number.
  await browser.keys('Enter')
  await tabUntilFocused('Phone number')
  await typeKeys(to)
  await browser.keys('Enter')
  const message = await waitForMessage(demo, to)
  // Focus moves to the code field on its own; the code is typed straight away.
  const field = await byName(browser, 'Verification code')
  await waitFor(() => field.isFocused(), (focused) => focused, 'focus on the code field')
  await typeKeys(message.code)
  const result = await waitForVerified(browser, 'Kofi Boateng')
  expect(result.heading).toBe('Welcome, Kofi Boateng')
  expect(result.verification).toBe(message.verificationId)
  expect(result.to).toContain(to)
})
