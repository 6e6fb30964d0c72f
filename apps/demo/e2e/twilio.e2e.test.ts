import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { expect, test } from 'vitest'
import { freshPhone } from './support/addresses'
import { setupDemoHarness } from './support/demo-harness'
import { inbox, openDemo, sendCode, typeCode, verifiedResult, waitForMessage } from './support/flow-actions'

// The demo with its proxy on `createTwilioProvider`, talking to the sandbox's Twilio Verify v2
// dialect (`/v2/Services/VA…/Verifications`, Basic auth, form bodies) instead of the Verify API.
const h = setupDemoHarness({}, { provider: 'twilio' })

/** Fetches a verification through the sandbox's Twilio REST API, as the provider's `status` does. */
function fetchTwilioVerification(sid: string): Promise<Response> {
  const service = DEFAULT_TWILIO_ACCOUNT.services[0]?.sid ?? ''
  const basic = btoa(`${DEFAULT_TWILIO_ACCOUNT.accountSid}:${DEFAULT_TWILIO_ACCOUNT.authToken}`)
  return h.demo.sandbox.fetch(new Request(`${h.demo.sandboxUrl}/v2/Services/${service}/Verifications/${sid}`, { headers: { authorization: `Basic ${basic}` } }))
}

test('Twilio provider: send an SMS, read the code from the sandbox, type it, see the server-checked receipt', async () => {
  const { page, demo } = h
  expect(demo.provider).toBe('twilio')
  // A covered country: the demo's phone field offers only the 14 covered countries, whatever the provider reaches.
  const to = freshPhone('KE')
  await openDemo(page, demo)
  await sendCode(page, { name: 'Wanjiru Kamau', channel: 'SMS', to })
  const message = await waitForMessage(demo, to)
  expect(message.channel).toBe('sms')
  // The verification belongs to the Twilio service: only one created through `/v2/` is found there
  // (one the Verify API dialect created would be 404), so this fails if the proxy used the other provider.
  const pending = await fetchTwilioVerification(message.verificationId)
  expect(pending.status).toBe(200)
  expect(await pending.json()).toMatchObject({ sid: message.verificationId, status: 'pending', channel: 'sms', to })

  await typeCode(page, message.code)
  const result = await verifiedResult(page)
  expect(result.heading).toBe('Welcome, Wanjiru Kamau')
  // The sign-up endpoint checked a receipt naming the Twilio verification and this number.
  expect(result.verification).toBe(message.verificationId)
  expect(result.to).toContain(to)
  expect(inbox(demo, to)).toHaveLength(1)
  // Twilio deletes an approved verification: the code was checked through the Twilio dialect too.
  expect((await fetchTwilioVerification(message.verificationId)).status).toBe(404)
})

test('Twilio provider: WhatsApp is offered (the provider declares it), sent through Twilio Verify, and verified', async () => {
  const { page, demo } = h
  const to = freshPhone('KE')
  await openDemo(page, demo)
  await sendCode(page, { name: 'Amina Njeri', channel: 'WhatsApp', to })
  const message = await waitForMessage(demo, to)
  expect(message.channel).toBe('whatsapp')
  // Sent through the Twilio dialect's Verifications resource with Channel=whatsapp.
  const pending = await fetchTwilioVerification(message.verificationId)
  expect(await pending.json()).toMatchObject({ sid: message.verificationId, channel: 'whatsapp', to })
  // The code step names the channel: the generic heading, with the channel's name.
  await expect.poll(() => page.getByRole('heading', { level: 2 }).filter({ hasText: 'WhatsApp' }).count()).toBe(1)
  expect(await page.getByRole('heading', { level: 2 }).filter({ hasText: 'WhatsApp' }).textContent()).toContain('Enter the code sent by WhatsApp to')
  // No "Call me instead" after WhatsApp: it has no switch partner.
  expect(await page.getByRole('button', { name: 'Call me instead' }).count()).toBe(0)
  await typeCode(page, message.code)
  const result = await verifiedResult(page)
  expect(result.heading).toBe('Welcome, Amina Njeri')
  expect(result.verification).toBe(message.verificationId)
})
