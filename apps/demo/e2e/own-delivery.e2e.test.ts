import { expect, test } from 'vitest'
import { freshPhone, unreachablePhone } from './support/addresses'
import { setupDemoHarness } from './support/demo-harness'
import { openDemo, passTime, resendState, sendCode, typeCode, verifiedResult, waitForMessage } from './support/flow-actions'

// Own delivery: the demo's proxy on @hakiki/engine (HAKIKI_DEMO_PROVIDER=engine), which makes,
// sends and checks the codes itself. Messages go into the sandbox's inbox through the demo's
// carrier, which reports SMS to numbers ending in 0000 undelivered; the flow shows the delivery
// status the proxy carries from the engine ("Delivered" / "Couldn’t be delivered — try a call").
const h = setupDemoHarness({}, { provider: 'engine' })

test('own delivery: the SMS the engine delivered is shown as delivered, and its code verifies', async () => {
  const { page, demo } = h
  expect(demo.provider).toBe('engine')
  const to = freshPhone('GH')
  await openDemo(page, demo)
  await sendCode(page, { name: 'Ama Mensah', channel: 'SMS', to })
  const message = await waitForMessage(demo, to)
  expect(message.channel).toBe('sms')
  const delivery = page.locator('[data-part="delivery"]')
  await expect.poll(() => delivery.count()).toBe(1)
  expect([await delivery.getAttribute('data-state'), (await delivery.innerText()).trim()]).toEqual(['delivered', 'Delivered'])
  await typeCode(page, message.code)
  const result = await verifiedResult(page)
  expect(result.heading).toBe('Welcome, Ama Mensah')
  expect(result.verification).toBe(message.verificationId)
})

test('own delivery: an SMS the carrier could not deliver says so, and a call gets the code through', async () => {
  const { page, demo } = h
  const to = unreachablePhone('GH')
  // The page's clock: the flow reads the delivery status again on a timer, and "Call me instead"
  // waits out the re-send cooldown; both move when the test moves time, not before.
  await page.clock.install()
  await openDemo(page, demo)
  await sendCode(page, { name: 'Kofi Boateng', channel: 'SMS', to })
  await page.getByRole('textbox', { name: 'Verification code' }).waitFor()
  await passTime(page, demo, 31)
  // The flow read the verification again and the proxy carried the carrier's report.
  const delivery = page.locator('[data-part="delivery"]')
  await expect.poll(async () => ((await delivery.count()) === 1 ? (await delivery.innerText()).trim() : '')).toBe('Couldn’t be delivered — try a call')
  expect(await delivery.getAttribute('data-state')).toBe('failed')
  expect(demo.sandbox.inbox.list({ to })).toEqual([])
  await expect.poll(async () => (await resendState(page, 'Call me instead')).waiting).toBe(false)
  await page.getByRole('button', { name: 'Call me instead' }).click()
  const call = await waitForMessage(demo, to)
  expect(call.channel).toBe('call')
  await typeCode(page, call.code)
  const result = await verifiedResult(page)
  expect(result.heading).toBe('Welcome, Kofi Boateng')
  expect(result.verification).toBe(call.verificationId)
})
