import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations } from './support/axe'
import { freshEmail, freshPhone } from './support/addresses'
import { setupDemoHarness } from './support/demo-harness'
import type { SandboxMessage } from '@hakiki/sandbox'
import { codeErrorText, codeField, inbox, isFocused, openDemo, sendCode, tabUntilFocused, typeCode, verifiedResult, waitForMessage, type ChannelName } from './support/flow-actions'
import { screenshot } from './support/screenshots'

const h = setupDemoHarness()

/**
 * The whole happy path by one channel: fill, send, read the code from the sandbox inbox, check the
 * device preview shows that message, type the code, see the receipt the server checked.
 */
async function happyPath(channel: ChannelName, to: string, preview: string, onCodeSent: (message: SandboxMessage) => Promise<void>) {
  const { page, demo } = h
  await openDemo(page, demo)
  await sendCode(page, { name: 'Ama Mensah', channel, to })
  const message = await waitForMessage(demo, to)
  await codeField(page)
  // The device preview shows the message that was sent, live from the sandbox's stream.
  await page.getByRole('complementary', { name: /What the user receives/ }).getByRole('article', { name: preview }).waitFor()
  await onCodeSent(message)

  await typeCode(page, message.code)
  const result = await verifiedResult(page)
  expect(result.heading).toBe('Welcome, Ama Mensah')
  // Rendered from the sign-up endpoint's answer, after it checked the receipt on the server.
  expect(result.verification).toBe(message.verificationId)
  expect(result.to).toContain(to)
  expect(inbox(demo, to)).toHaveLength(1)
  return message
}

const devicePreviewText = () => h.page.getByRole('complementary', { name: /What the user receives/ }).textContent()

describe('happy path, each channel', () => {
  test('SMS: send, read the code from the sandbox, type it, see the server-checked receipt', async () => {
    const to = freshPhone('GH')
    const message = await happyPath('SMS', to, 'Text message', async (sms) => {
      expect(await devicePreviewText()).toContain(sms.body)
      await screenshot(h.page, '02-code-sent-sms')
    })
    expect(message.channel).toBe('sms')
    await screenshot(h.page, '05-verified')
  })

  test('Voice call: the preview shows the script and reads it aloud in the message language', async () => {
    const to = freshPhone('KE')
    // Records what the page asks the browser to say, instead of saying it.
    await h.page.addInitScript(() => {
      const spoken: { text: string; lang: string }[] = []
      Object.assign(window, { spoken })
      // On the prototype, as the WebKit walk must (e2e/webkit/sign-up): one way in every engine.
      SpeechSynthesis.prototype.speak = (utterance) => void spoken.push({ text: utterance.text, lang: utterance.lang })
    })
    const message = await happyPath('Voice call', to, 'Voice call', async (call) => {
      // The script spells the code digit by digit.
      expect(await devicePreviewText()).toContain(call.code.split('').join(', '))
      await screenshot(h.page, '02-code-sent-voice-call')
      await h.page.getByRole('button', { name: 'Play the call' }).click()
      const spoken = await h.page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken)
      expect(spoken).toEqual([{ text: call.body, lang: 'en' }])
    })
    expect(message.channel).toBe('call')
  })

  test('Email: the preview shows the subject and the text', async () => {
    const to = freshEmail()
    const message = await happyPath('Email', to, 'E-mail', async (email) => {
      const text = await devicePreviewText()
      expect(text).toContain(email.subject)
      expect(text).toContain(email.code)
      await screenshot(h.page, '02-code-sent-email')
    })
    expect(message.channel).toBe('email')
  })
})

describe('accessibility', () => {
  test('axe finds nothing on the address, code, wrong-code and verified screens', async () => {
    const { page, demo } = h
    const to = freshPhone('NG')
    await openDemo(page, demo)
    await expectNoAxeViolations(page, 'address')
    await screenshot(page, '01-address')
    await page.getByRole('radio', { name: 'Email' }).check()
    await expectNoAxeViolations(page, 'address (email)')
    await page.getByRole('radio', { name: 'SMS' }).check()

    await sendCode(page, { name: 'Chidi Okafor', to })
    const message = await waitForMessage(demo, to)
    await codeField(page)
    await page.getByRole('article', { name: 'Text message' }).waitFor()
    await expectNoAxeViolations(page, 'code sent')

    await typeCode(page, message.code.replace(/^./, (d) => String((Number(d) + 1) % 10)))
    await codeErrorText(page, 'not right')
    await expectNoAxeViolations(page, 'wrong code')

    const field = await codeField(page)
    await field.fill('')
    await typeCode(page, message.code)
    await verifiedResult(page)
    await expectNoAxeViolations(page, 'verified')
  })

  test('keyboard only: from the first field to verified', async () => {
    const { page, demo } = h
    const to = freshPhone('UG')
    await openDemo(page, demo)
    const name = page.getByRole('textbox', { name: 'Full name' })
    const phone = page.getByRole('textbox', { name: 'Phone number' })
    // Tab from the top of the page until the name field has focus, never touching the mouse.
    await tabUntilFocused(page, name)
    await page.keyboard.type('Kofi Boateng')
    // Enter in the name moves on to the verification; Tab walks on to the phone number.
    await page.keyboard.press('Enter')
    await tabUntilFocused(page, phone)
    await page.keyboard.type(to)
    await page.keyboard.press('Enter')
    const message = await waitForMessage(demo, to)
    // Focus moves to the code field on its own; the code is typed straight away.
    await expect.poll(() => isFocused(page.getByRole('textbox', { name: 'Verification code' }))).toBe(true)
    await page.keyboard.type(message.code)
    const result = await verifiedResult(page)
    expect(result.heading).toBe('Welcome, Kofi Boateng')
    expect(result.verification).toBe(message.verificationId)
  })
})
