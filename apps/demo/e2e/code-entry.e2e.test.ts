import { describe, expect, test } from 'vitest'
import { freshPhone } from './support/addresses'
import { expectNoAxeViolations } from './support/axe'
import { setupDemoHarness } from './support/demo-harness'
import { codeErrorText, codeField, generalErrorNow, inbox, openDemo, passTime, resendState, sendCode, typeCode, verifiedResult, waitForMessage, wrongCode } from './support/flow-actions'
import { screenshot } from './support/screenshots'

const h = setupDemoHarness()

describe('typing the code', () => {
  test("from an en-US browser (a region the API does not cover), the guide's national number is read as Ghana's", async () => {
    const { page, demo } = h
    const to = freshPhone('GH')
    await openDemo(page, demo)
    // As Getting started tells a newcomer to type it: national format, no country picked.
    await sendCode(page, { name: 'Ama Mensah', to: to.replace('+233', '0') })
    expect((await waitForMessage(demo, to)).to).toBe(to)
  })

  test('a wrong code says so with the attempts left, then the right code verifies', async () => {
    const { page, demo } = h
    const to = freshPhone('GH')
    await openDemo(page, demo)
    await sendCode(page, { name: 'Esi Owusu', to })
    const message = await waitForMessage(demo, to)

    await typeCode(page, wrongCode(message.code))
    // Shown under the code alone: the flow does not repeat it as a general error.
    expect(await codeErrorText(page)).toMatch(/not right.*4 attempts left/)
    expect(await generalErrorNow(page)).toBe('')
    await screenshot(page, '03-wrong-code')

    await (await codeField(page)).fill('')
    await typeCode(page, message.code)
    const result = await verifiedResult(page)
    expect(result.verification).toBe(message.verificationId)
  })

  test('five wrong codes lock the code; "Send a new code" waits out the cooldown (no 429), then verifies', async () => {
    const { page, demo } = h
    const to = freshPhone('KE')
    await page.clock.install()
    await openDemo(page, demo)
    await sendCode(page, { name: 'Wanjiru Kamau', to })
    const first = await waitForMessage(demo, to)
    const said: string[] = []
    for (let n = 1; n <= 5; n++) {
      await (await codeField(page)).fill('')
      await typeCode(page, wrongCode(first.code, n))
      // Each answer is announced in turn; wait for this one before typing the next code.
      if (n < 5) said.push(await codeErrorText(page, `${5 - n} attempt`))
    }
    expect(said.map((text) => text.match(/That code is not right\. (\d attempts? left)/)?.[1])).toEqual(['4 attempts left', '3 attempts left', '2 attempts left', '1 attempt left'])
    // The fifth wrong code ends the verification.
    await page.getByRole('heading', { name: 'Too many wrong codes' }).waitFor()

    // The cooldown the code step knew is still on: the button shows its wait, and a press asks
    // nothing (no "Too many requests" wall). Read first, before the screenshot and axe: the page's
    // clock runs in real time here, and on a loaded machine (load ~50) the five codes alone took
    // most of the 30 s.
    const waiting = await resendState(page, 'Send a new code')
    expect(waiting.waiting).toBe(true)
    expect(waiting).toMatchObject({ text: 'Send a new code', countdown: expect.stringMatching(/^in \d+ s$/) })
    await page.getByRole('button', { name: 'Send a new code', exact: true }).click({ force: true })
    expect(await generalErrorNow(page)).toBe('')
    expect(inbox(demo, to)).toHaveLength(1)
    await screenshot(page, '04-locked')
    await expectNoAxeViolations(page, 'locked')
    // A new code once the resend cooldown of the address (30 s) is over.
    await passTime(page, demo, 31)
    await expect.poll(() => resendState(page, 'Send a new code')).toEqual({ waiting: false, text: 'Send a new code', countdown: '' })
    await page.getByRole('button', { name: 'Send a new code' }).click()
    const second = await waitForMessage(demo, to, 2)
    expect(second.verificationId).not.toBe(first.verificationId)
    await typeCode(page, second.code)
    expect((await verifiedResult(page)).verification).toBe(second.verificationId)
  })

  test('an expired code says so, and a new code verifies', async () => {
    const { page, demo } = h
    const to = freshPhone('NG')
    await openDemo(page, demo)
    await sendCode(page, { name: 'Ngozi Adeyemi', to })
    const first = await waitForMessage(demo, to)
    await codeField(page)
    // Through the faults panel, as a reviewer would: the shared clock moves 10 minutes on.
    await page.getByRole('button', { name: 'Expire the code' }).click()
    await page.getByText('The clock moved 10 minutes on').waitFor()

    await typeCode(page, first.code)
    await page.getByRole('heading', { name: 'Your code has expired' }).waitFor()
    expect(await page.getByRole('region', { name: 'Create your account' }).textContent()).toContain('Send a new code to continue.')
    await screenshot(page, '04-expired')
    await expectNoAxeViolations(page, 'expired')

    await page.getByRole('button', { name: 'Send a new code' }).click()
    const second = await waitForMessage(demo, to, 2)
    expect(second.verificationId).not.toBe(first.verificationId)
    await typeCode(page, second.code)
    expect((await verifiedResult(page)).verification).toBe(second.verificationId)
  })
})

describe('resend, change of number, channel switch, reload', () => {
  test('resend waits out its cooldown, then re-sends the same code', async () => {
    const { page, demo } = h
    const to = freshPhone('UG')
    await page.clock.install()
    await openDemo(page, demo)
    await sendCode(page, { name: 'Nakato Achieng', to })
    const first = await waitForMessage(demo, to)
    // The button keeps its name and says how long to wait; pressing it now does nothing.
    const waiting = await resendState(page, 'Resend code')
    expect(waiting.waiting).toBe(true)
    expect(waiting).toMatchObject({ text: 'Resend code', countdown: expect.stringMatching(/^in (30|29) s$/) })
    // (force: Playwright itself waits for an aria-disabled button to become enabled.)
    await page.getByRole('button', { name: 'Resend code', exact: true }).click({ force: true })
    await screenshot(page, '03-resend-cooldown')
    await expectNoAxeViolations(page, 'resend cooldown')

    await passTime(page, demo, 31)
    await expect.poll(() => resendState(page, 'Resend code')).toEqual({ waiting: false, text: 'Resend code', countdown: '' })
    await page.getByRole('button', { name: 'Resend code', exact: true }).click()
    const second = await waitForMessage(demo, to, 2)
    // The Verify API re-sends the same code under the same verification, as Twilio does.
    expect(second.code).toBe(first.code)
    expect(second.verificationId).toBe(first.verificationId)
    // The next resend waits longer (60 s).
    await expect.poll(async () => (await resendState(page, 'Resend code')).countdown).toMatch(/^in (60|59) s$/)

    await typeCode(page, second.code)
    expect((await verifiedResult(page)).verification).toBe(first.verificationId)
    // The press during the cooldown sent nothing: one SMS, then the one resend.
    expect(inbox(demo, to)).toHaveLength(2)
  })

  test('change number keeps what was typed, and the code goes to the new number', async () => {
    const { page, demo } = h
    const first = freshPhone('GH')
    const second = freshPhone('GH')
    await openDemo(page, demo)
    await sendCode(page, { name: 'Yaw Asante', to: first })
    await waitForMessage(demo, first)
    await codeField(page)

    await page.getByRole('button', { name: 'Change number' }).click()
    const phone = page.getByRole('textbox', { name: 'Phone number' })
    await phone.waitFor()
    expect((await phone.inputValue()).replace(/\D/g, '')).toContain(first.slice(-9))
    await sendCode(page, { to: second })
    const message = await waitForMessage(demo, second)
    await typeCode(page, message.code)
    const result = await verifiedResult(page)
    expect(result.to).toContain(second)
    expect(inbox(demo, first)).toHaveLength(1)
  })

  test('change number, then back to the first number: its code step again, and its code verifies', async () => {
    const { page, demo } = h
    const first = freshPhone('GH')
    const second = freshPhone('GH')
    await openDemo(page, demo)
    await sendCode(page, { name: 'Kwame Boateng', to: first })
    const code = (await waitForMessage(demo, first)).code
    await codeField(page)
    await page.getByRole('button', { name: 'Change number' }).click()
    await sendCode(page, { to: second })
    await waitForMessage(demo, second)
    await codeField(page)

    // Back to the first number inside its cooldown: no 429, no new SMS, its code step.
    await page.getByRole('button', { name: 'Change number' }).click()
    await sendCode(page, { to: first })
    await codeField(page)
    expect(await generalErrorNow(page)).toBe('')
    await typeCode(page, code)
    expect((await verifiedResult(page)).to).toContain(first)
    expect(inbox(demo, first)).toHaveLength(1)
  })

  test('switching from SMS to a voice call calls with the same code', async () => {
    const { page, demo } = h
    const to = freshPhone('KE')
    await page.clock.install()
    await openDemo(page, demo)
    await sendCode(page, { name: 'Otieno Odhiambo', to })
    const sms = await waitForMessage(demo, to)
    expect(sms.channel).toBe('sms')
    expect(await resendState(page, 'Call me instead')).toMatchObject({ waiting: true, text: 'Call me instead', countdown: expect.stringMatching(/^in \d+ s$/) })
    await passTime(page, demo, 31)
    await expect.poll(async () => (await resendState(page, 'Call me instead')).waiting).toBe(false)
    await page.getByRole('button', { name: 'Call me instead' }).click()

    const call = await waitForMessage(demo, to, 2)
    expect(call.channel).toBe('call')
    expect(call.code).toBe(sms.code)
    await page.getByRole('article', { name: 'Voice call' }).waitFor()
    await screenshot(page, '03-switched-to-voice-call')
    await typeCode(page, call.code)
    const result = await verifiedResult(page)
    expect(result.verification).toBe(sms.verificationId)
  })

  test('a reload mid-flow shows the code step again without sending another SMS', async () => {
    const { page, demo } = h
    const to = freshPhone('NG')
    await openDemo(page, demo)
    await sendCode(page, { name: 'Tunde Bakare', to })
    const message = await waitForMessage(demo, to)
    await codeField(page)

    await page.reload()
    await codeField(page)
    expect(await page.getByRole('textbox', { name: 'Full name' }).inputValue()).toBe('Tunde Bakare')
    // The device preview still shows the message after the reload.
    await page.getByRole('article', { name: 'Text message' }).waitFor()
    await typeCode(page, message.code)
    const result = await verifiedResult(page)
    expect(result.verification).toBe(message.verificationId)
    // Everything a reload could have sent would have gone out before the check: still one SMS.
    expect(inbox(demo, to)).toHaveLength(1)
  })
})
