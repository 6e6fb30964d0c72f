import { expect, test } from 'vitest'
import { freshPhone, unreachablePhone } from './support/addresses'
import { setupDemoHarness } from './support/demo-harness'
import { openDemo, passTime, resendState, sendCode, typeCode, verifiedResult, waitForMessage } from './support/flow-actions'

// Own delivery: the demo's proxy on @hakiki/engine (HAKIKI_DEMO_PROVIDER=engine), which makes,
// sends and checks the codes itself. Messages go into the sandbox's inbox through the demo's
// carrier, which reports SMS to numbers ending in 0000 undelivered.
const h = setupDemoHarness({}, { provider: 'engine' })

test('own delivery: the engine delivers the SMS into the inbox, and its code verifies through the proxy', async () => {
  const { page, demo } = h
  expect(demo.provider).toBe('engine')
  const to = freshPhone('GH')
  await openDemo(page, demo)
  await sendCode(page, { name: 'Ama Mensah', channel: 'SMS', to })
  const message = await waitForMessage(demo, to)
  expect(message.channel).toBe('sms')
  await typeCode(page, message.code)
  const result = await verifiedResult(page)
  expect(result.heading).toBe('Welcome, Ama Mensah')
  expect(result.verification).toBe(message.verificationId)
})

test('own delivery: an SMS the carrier could not deliver never arrives, and a call gets the same verification through', async () => {
  const { page, demo } = h
  const to = unreachablePhone('GH')
  // The page's clock: the flow reads the delivery status again on a timer, and "Call me instead"
  // waits out the re-send cooldown; both move when the test moves time, not before.
  await page.clock.install()
  await openDemo(page, demo)
  await sendCode(page, { name: 'Kofi Boateng', channel: 'SMS', to })
  await page.getByRole('textbox', { name: 'Verification code' }).waitFor()
  await passTime(page, demo, 31)
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
